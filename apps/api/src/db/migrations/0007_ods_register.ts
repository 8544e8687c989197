import { type Kysely, sql } from 'kysely';

/**
 * Real register data (decision 0012):
 * - names as the register has them: a GP practice may be called "T2" (the 3-character rule is the
 *   screen's, for typing);
 * - the register's status (active, closed, dormant, proposed) and the organisation an organisation
 *   belongs to (its commissioner, the trust of a site);
 * - the organisation types real files carry;
 * - incremental ODS sync runs: what they asked for, their plan and how far they got, so a restart
 *   continues where a crash stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisation drop constraint organisation_name_check;
    alter table organisation add constraint organisation_name_check check (length(name) between 1 and 250);
    alter table organisation add column ods_status text
      check (ods_status in ('active', 'closed', 'dormant', 'proposed'));
    alter table organisation add column parent_id integer references organisation(id);
    create index organisation_parent_id_idx on organisation(parent_id);

    insert into organisation_type (code, short_description, long_description) values
      ('RO76', 'GP Practice', 'GP Practice'),
      ('RO177', 'Other prescribing centre', 'Prescribing cost centre other than a GP practice'),
      ('RO197', 'NHS Trust', 'NHS Trust'),
      ('RO198', 'NHS Trust Site', 'NHS Trust Site'),
      ('RO261', 'ICB', 'Integrated Care Board'),
      ('RO98', 'Sub ICB Location', 'Sub ICB location (formerly a clinical commissioning group)')
    on conflict (code) do nothing;

    alter table ods_sync_run add column mode text not null default 'full' check (mode in ('full', 'incremental'));
    alter table ods_sync_run add column since date;
    alter table ods_sync_run add column codes text[];
    alter table ods_sync_run add column position integer not null default 0;
    alter table ods_sync_run add column heartbeat_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ods_sync_run drop column mode, drop column since, drop column codes, drop column position,
      drop column heartbeat_at;
    delete from organisation_type t where t.code in ('RO177', 'RO198', 'RO98')
      and not exists (select 1 from organisation o where o.organisation_type_id = t.id);
    drop index organisation_parent_id_idx;
    alter table organisation drop column parent_id, drop column ods_status;
    alter table organisation drop constraint organisation_name_check;
    alter table organisation add constraint organisation_name_check check (length(name) between 3 and 250) not valid;
  `.execute(db);
}
