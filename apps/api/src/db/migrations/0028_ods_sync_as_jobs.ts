import { type Kysely, sql } from 'kysely';

/**
 * The ODS sync runs as a job of the queue (decision 0038): each run records the job that works it, and
 * the run's own heartbeat goes (the job's lease says whether a worker still works it).
 *
 * Runs left 'running' by the sync of before (a promise in one instance, with its own heartbeat and
 * recovery) are moved over: the latest incremental one continues as a job from its recorded position
 * (the old sync allowed one run at a time); any other (a full run, which applies nothing until its end,
 * or an older incremental one) is marked failed, as the old recovery would have marked it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ods_sync_run add column job_id bigint references job(id) on delete set null;
    create index ods_sync_run_job_id_idx on ods_sync_run(job_id);

    with resumed as (
      select id from ods_sync_run where status = 'running' and mode = 'incremental' order by id desc limit 1
    ), queued as (
      insert into job (name, key, data, exclusive_key, max_attempts)
      select 'ods.sync', 'ods.sync:run:' || id, jsonb_build_object('runId', id), 'ods.sync', 3 from resumed
      returning id, (data->>'runId')::integer as run_id
    )
    update ods_sync_run r set job_id = q.id from queued q where r.id = q.run_id;

    update ods_sync_run
    set status = 'failed', finished_at = now(),
      error = 'Interrupted: the service was upgraded while it ran; a full run applies nothing until its end'
    where status = 'running' and job_id is null;

    alter table ods_sync_run drop column heartbeat_at;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ods_sync_run add column heartbeat_at timestamptz;
    -- A run a job works now: the sync of before resumes an incremental one that has gone quiet, and
    -- fails a full one after its timeout.
    update ods_sync_run set heartbeat_at = now() - interval '1 day' where status = 'running';
    delete from job where name = 'ods.sync' and status in ('pending', 'running');
    drop index ods_sync_run_job_id_idx;
    alter table ods_sync_run drop column job_id;
  `.execute(db);
}
