import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { migrateTo, migrateToLatest } from '../migrate';

const t = useTestApp();

describe('migration 0028: the ODS sync moves onto the job queue', () => {
  it('continues as a job the incremental run left running, and fails the others as the old recovery would', async () => {
    const db = t.database.db;
    await migrateTo(db, '0027_job_claims_and_progress');
    // Runs of the sync of before: a full run and two incremental ones (the older never finished either).
    const { rows } = await sql<{ id: number; mode: string }>`
      insert into ods_sync_run (status, source, mode, since, codes, position, heartbeat_at) values
        ('running', 'api', 'full', null, null, 0, now()),
        ('running', 'api', 'incremental', '2026-11-01', '{A,B}', 1, now() - interval '3 days'),
        ('running', 'api', 'incremental', '2026-11-20', '{C,D,E}', 2, now()),
        ('succeeded', 'cli', 'full', null, null, 0, now() - interval '2 days')
      returning id, mode
    `.execute(db);
    const [full, older, latest, done] = rows.map((r) => r.id);
    await migrateToLatest(db);
    const runs = await db
      .selectFrom('odsSyncRun')
      .select(['id', 'status', 'error', 'jobId', 'position'])
      .where('id', 'in', [full!, older!, latest!, done!])
      .orderBy('id')
      .execute();
    const interrupted =
      'Interrupted: the service was upgraded while it ran; a full run applies nothing until its end';
    expect(runs).toEqual([
      { id: full, status: 'failed', error: interrupted, jobId: null, position: 0 },
      { id: older, status: 'failed', error: interrupted, jobId: null, position: 1 },
      { id: latest, status: 'running', error: null, jobId: expect.any(Number), position: 2 },
      { id: done, status: 'succeeded', error: null, jobId: null, position: 0 },
    ]);
    const job = await db
      .selectFrom('job')
      .select(['name', 'data', 'status', 'exclusiveKey', 'maxAttempts'])
      .where('id', '=', runs[2]!.jobId!)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      name: 'ods.sync',
      data: { runId: latest },
      status: 'pending',
      exclusiveKey: 'ods.sync',
      maxAttempts: 3,
    });
  });
});
