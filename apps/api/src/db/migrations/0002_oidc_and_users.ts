import { type Kysely, sql } from 'kysely';

/**
 * Storage for the built-in development identity provider (oidc-provider's adapter: sessions,
 * interactions, codes, grants and its signing keys), so several API instances agree; and an index for
 * the user list, which is ordered by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oidc_payload (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    );
    create index oidc_payload_grant_id_idx on oidc_payload(grant_id) where grant_id is not null;
    create index oidc_payload_uid_idx on oidc_payload(uid) where uid is not null;
    create index oidc_payload_user_code_idx on oidc_payload(user_code) where user_code is not null;
    create index oidc_payload_expires_at_idx on oidc_payload(expires_at);
    create index app_user_name_lower_idx on app_user(lower(name));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index app_user_name_lower_idx;
    drop table oidc_payload;
  `.execute(db);
}
