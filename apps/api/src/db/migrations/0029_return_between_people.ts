import { type Kysely, sql } from 'kysely';

/**
 * The return between people (decision 0036).
 *
 * - `lock_token`: the page (a random token per page visit) that holds the lock, so a page leaving
 *   releases only its own lock; `released_lock_tokens`: the last pages that released it, so a lock
 *   request of one of them arriving after its release (a request racing the page's own leaving) is
 *   refused. Twenty are kept: a late request arrives within seconds, not twenty page visits later.
 * - `sent_for_signoff_*`: a clerk sent the draft for sign-off (the full checks passed); only these wait
 *   on the authorisers' list. `sent_back_*`: an authoriser sent it back to the clerks with a reason.
 *
 * Drafts whose authorisers were already asked by email (the 'authorisationRequested' job, kept for
 * seven days, still naming the current revision) count as sent, so no return waiting for sign-off
 * before the upgrade leaves the list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission
      add column lock_token text,
      add column released_lock_tokens text[] not null default '{}',
      add column sent_for_signoff_by integer references app_user (id),
      add column sent_for_signoff_at timestamptz,
      add column sent_back_by integer references app_user (id),
      add column sent_back_at timestamptz,
      add column sent_back_reason text;
    -- Every foreign key has an index (schema.test.ts); partial, as most returns are never handed over.
    create index submission_sent_for_signoff_by_idx on submission (sent_for_signoff_by)
      where sent_for_signoff_by is not null;
    create index submission_sent_back_by_idx on submission (sent_back_by) where sent_back_by is not null;
    update submission s set sent_for_signoff_by = r.created_by, sent_for_signoff_at = r.created_at
      from job j, submission_revision r
      where j.name = 'notification' and j.key like 'event:authorisationRequested:%'
        and (j.data ->> 'submissionId')::integer = s.id
        and (j.data ->> 'revisionId')::integer = s.current_revision_id
        and r.id = s.current_revision_id and s.status = 'draft';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index submission_sent_for_signoff_by_idx;
    drop index submission_sent_back_by_idx;
    alter table submission
      drop column lock_token,
      drop column released_lock_tokens,
      drop column sent_for_signoff_by,
      drop column sent_for_signoff_at,
      drop column sent_back_by,
      drop column sent_back_at,
      drop column sent_back_reason;
  `.execute(db);
}
