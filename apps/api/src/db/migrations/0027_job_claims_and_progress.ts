import { type Kysely, sql } from 'kysely';

/**
 * One spine for background work (decision 0038):
 * - `progress`: how far a running job has got, written by its handler and read by any instance (the ODS
 *   sync's screen reads it; it was held in the memory of the instance running the sync);
 * - `exclusive_key`: at most one pending or running job per value (the ODS sync runs one at a time;
 *   this replaces its advisory lock and 'is one running?' check). A partial unique index, so a finished
 *   job does not block the next.
 * The claim itself needs no column: `attempts` rises with every claim and every write of a worker
 * compares it (platform/jobs/queue.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table job add column progress jsonb;
    alter table job add column exclusive_key text;
    create unique index job_exclusive_key_idx on job(exclusive_key) where status in ('pending','running');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index job_exclusive_key_idx;
    alter table job drop column exclusive_key;
    alter table job drop column progress;
  `.execute(db);
}
