import type { OdsSyncRun } from '@dcf/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { defineJobKind, enqueueReturningId, jobHandler, LostClaim, runJobNow } from '../../platform/jobs';
import { runFull } from './ods-full';
import { incrementalSince, runIncremental } from './ods-incremental';
import type { SyncProgress } from './ord-client';
import { presentRun } from './presenters';

/**
 * Synchronisation with the national Organisation Data Service (decisions 0004, 0012, 0038): a run is a
 * row of `ods_sync_run` (what it did: mode, plan, counts, outcome) worked by one job of the queue
 * (platform/jobs: claimed by one worker, its lease renewed while it runs, its progress on the job's row
 * for any instance to read). One run at a time: the job is enqueued with an exclusive key, so a second
 * trigger while one is queued or running gets the 409. A worker that stops mid-run stops renewing its
 * lease; another worker claims the job when the lease runs out and the run goes on: a full run starts its
 * fetch again (nothing was applied), an incremental run continues from its recorded position. After
 * `maxAttempts` lost workers the run is marked failed ('interrupted').
 */
export const odsSyncJob = defineJobKind(
  'ods.sync',
  z.object({
    runId: z.number().int().positive(),
    // Tuning for tests and benchmarks; the service's own runs leave them to their defaults.
    pageSize: z.number().int().positive().optional(),
    batchSize: z.number().int().positive().optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    backoffMs: z.number().int().min(0).optional(),
  }),
  { maxAttempts: 3 },
);

type Tuning = Omit<z.output<typeof odsSyncJob.schema>, 'runId'>;

const ONE_AT_A_TIME = 'ods.sync';
const IN_PROGRESS = 'A sync with ODS is already running';

/** What a run's record and its job say, as the list and the trigger present it. */
function selectRun(db: Db) {
  return db
    .selectFrom('odsSyncRun as r')
    .leftJoin('job as j', 'j.id', 'r.jobId')
    .select([
      'r.id',
      'r.status',
      'r.mode',
      'r.since',
      'r.position',
      'r.added',
      'r.updated',
      'r.closed',
      'r.failed',
      'r.error',
      'r.startedBy',
      'r.startedAt',
      'r.finishedAt',
      'j.status as jobStatus',
      'j.progress',
    ])
    .select(sql<number | null>`cardinality(r.codes)`.as('planned'));
}

const failRun = (db: Db | Tx, runId: number, error: string) =>
  db
    .updateTable('odsSyncRun')
    .set({ status: 'failed', error: error.slice(0, 2000), finishedAt: new Date() })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .executeTakeFirst();

/** How the job reaches ODS: the configured API, or (tests) another fetch. */
export interface OdsSyncDeps {
  fetch?: typeof fetch;
}

/**
 * The job's handler. The run failing (ODS keeps refusing a request) is the run's outcome, recorded on
 * it: the job itself is done, not retried. Only a lost worker makes the job run again.
 */
export function odsSyncJobHandler(deps: OdsSyncDeps = {}) {
  return jobHandler(
    odsSyncJob,
    async ({ runId, ...tuning }, ctx) => {
      const run = await ctx.db
        .selectFrom('odsSyncRun')
        .select(['id', 'mode', 'status', 'startedBy'])
        .where('id', '=', runId)
        .executeTakeFirst();
      // Finished by an earlier attempt whose worker stopped before it could mark the job done.
      if (run?.status !== 'running') return;
      const options = {
        ...tuning,
        baseUrl: ctx.config.ods.apiBaseUrl,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        onProgress: (progress: SyncProgress) => ctx.progress(progress),
      };
      try {
        if (ctx.attempt > 1)
          await ctx.db.transaction().execute(async (tx) => {
            await ctx.holdClaim(tx);
            await writeAudit(tx, {
              userId: null,
              action: 'organisation.sync.resumed',
              entityType: 'odsSyncRun',
              entityId: runId,
              after: { attempt: ctx.attempt, mode: run.mode },
            });
          });
        if (run.mode === 'incremental') await runIncremental(ctx.db, run, options, ctx.holdClaim);
        else await runFull(ctx.db, run, options, ctx.holdClaim);
      } catch (error) {
        if (error instanceof LostClaim) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await ctx.db.transaction().execute(async (tx) => {
          await ctx.holdClaim(tx);
          await failRun(tx, runId, message);
        });
      }
    },
    {
      // Every worker that took it stopped before the end: the run is over, and says so.
      onGiveUp: async ({ runId }, { db, error }) => {
        await db.transaction().execute(async (tx) => {
          const failed = await failRun(tx, runId, `Interrupted. ${error}`);
          if (Number(failed.numUpdatedRows) === 0) return;
          await writeAudit(tx, {
            userId: null,
            action: 'organisation.sync.interrupted',
            entityType: 'odsSyncRun',
            entityId: runId,
            after: { status: 'failed' },
          });
        });
      },
    },
  );
}

/** Every job this module runs. */
export const organisationJobs = [odsSyncJobHandler()];

/** Options of a new run: who starts it, and which kind of run. */
export interface SyncStartOptions extends Tuning {
  userId: number | null;
  source?: 'api' | 'cli' | 'job' | 'test';
  /** 'auto' (the default): incremental when a run succeeded within the ORD window, else full. */
  mode?: 'auto' | 'full';
  /** Incremental from this LastChangeDate, whatever the last run (tests, an administrator's repair). */
  since?: string;
}

/**
 * Records a new run and queues its job, in one transaction; the run answers at once, the job does the
 * work. A run already queued or running refuses the new one (409 sync_in_progress), whichever instance
 * holds it: the exclusive key is checked by the database, so two administrators pressing together
 * start one run.
 */
export async function startOdsSync(
  db: Db,
  options: SyncStartOptions,
): Promise<{ run: OdsSyncRun; jobId: number }> {
  const { userId, source = 'api', mode, since: given, ...tuning } = options;
  const since = given ?? (mode === 'full' ? null : await incrementalSince(db));
  const { runId, jobId } = await db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('odsSyncRun')
      .values({ startedBy: userId, source, mode: since ? 'incremental' : 'full', since })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queued = await enqueueReturningId(
      tx,
      odsSyncJob,
      { runId: id, ...tuning },
      { exclusive: ONE_AT_A_TIME, key: `ods.sync:run:${id}` },
    );
    if (queued === undefined) throw conflict('sync_in_progress', IN_PROGRESS);
    await tx.updateTable('odsSyncRun').set({ jobId: queued }).where('id', '=', id).execute();
    return { runId: id, jobId: queued };
  });
  return { run: presentRun(await selectRun(db).where('r.id', '=', runId).executeTakeFirstOrThrow()), jobId };
}

/**
 * Starts a run and works its job here and now, returning the finished run: the CLI (`sync-ods`), tests
 * and benchmarks. The same job, claim and lease as the service's workers, so it is one at a time with
 * them too.
 */
export async function runOdsSync(
  db: Db,
  config: Config,
  options: SyncStartOptions & OdsSyncDeps,
): Promise<OdsSyncRun> {
  const { fetch, ...start } = options;
  const { run, jobId } = await startOdsSync(db, { source: 'job', ...start });
  await runJobNow({ db, config }, odsSyncJobHandler({ ...(fetch ? { fetch } : {}) }), jobId);
  return presentRun(await selectRun(db).where('r.id', '=', run.id).executeTakeFirstOrThrow());
}

/** The latest runs, newest first, with the progress their jobs last stored. */
export async function listSyncRuns(db: Db, limit = 20): Promise<OdsSyncRun[]> {
  const rows = await selectRun(db).orderBy('r.id', 'desc').limit(limit).execute();
  return rows.map(presentRun);
}
