import { type Kysely, sql } from 'kysely';

/**
 * Jobs that keep up (decision 0019):
 * - a priority per job, claimed in `priority, run_at, id` order (lower first), so a manager's
 *   reminder overtakes a queue of bulk confirmations; the partial index serves exactly that claim;
 * - an email can be `cancelled` when it is no longer true at delivery: a reminder or chase for a
 *   period that closed between the press (or the schedule) and the SMTP conversation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table job add column priority smallint not null default 50;
    drop index job_due_idx;
    create index job_due_idx on job(priority, run_at, id) where status in ('pending','running');

    alter table mail_outbox drop constraint mail_outbox_status_check;
    alter table mail_outbox add constraint mail_outbox_status_check
      check (status in ('queued','sending','sent','kept','failed','cancelled'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update mail_outbox set status = 'failed' where status = 'cancelled';
    alter table mail_outbox drop constraint mail_outbox_status_check;
    alter table mail_outbox add constraint mail_outbox_status_check
      check (status in ('queued','sending','sent','kept','failed'));
    drop index job_due_idx;
    alter table job drop column priority;
    create index job_due_idx on job(run_at, id) where status in ('pending','running');
  `.execute(db);
}
