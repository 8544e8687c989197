import type { OdsSyncRun } from '@dcf/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { incrementalSince, runIncremental } from './ods-incremental';
import { presentRun } from './presenters';
import { organisationsChanged } from './queries';
import { type IncomingOrganisation, reconcileOrganisations } from './reconcile';

/**
 * Synchronisation with the national Organisation Data Service, ORD 2-0-0 JSON API:
 * - listing: `GET {base}/organisations?PrimaryRoleId=RO197&Limit=1000&Offset=N` answers
 *   `{ Organisations: [{ Name, OrgId, Status, PrimaryRoleId, OrgLink, ... }] }`, pages until short;
 * - detail: `GET {base}/organisations/{code}` answers `{ Organisation: { Name, OrgId: { extension },
 *   Status, Date: [{ Type: 'Operational', Start, End }], GeoLoc: { Location }, Roles: { Role: [...] },
 *   Rels: { Rel: [{ Status, Target: { OrgId: { extension } } }] }, Succs: { Succ: [{ Type, Target }] } } }`.
 * Every page and record is fetched first (each request tried 3 times with backoff); only when all have
 * arrived is the register applied, in one transaction. A request that still fails fails the run and
 * changes nothing.
 */
export interface OdsSyncOptions {
  baseUrl: string;
  roles?: string[];
  pageSize?: number;
  attempts?: number;
  backoffMs?: number;
  concurrency?: number;
  fetch?: typeof fetch;
  /** Told how far the fetch has got (the run's progress). */
  onProgress?: (progress: SyncProgress) => void;
}

/** Records the progress of a run this instance is running. */
export function setProgress(runId: number, progress: SyncProgress): void {
  progressByRun.set(runId, progress);
}

export type SyncProgress = NonNullable<OdsSyncRun['progress']>;

/**
 * Progress of the runs this process is running. Kept in memory, not in the table: it changes thousands of
 * times a run, and only the instance doing the work can tell. Another instance's run shows no progress.
 */
const progressByRun = new Map<number, SyncProgress>();

export class OdsRequestError extends Error {}

interface OrdDate {
  Type?: string;
  Start?: string;
  End?: string;
}
interface OrdTarget {
  OrgId?: { extension?: string };
  PrimaryRoleId?: { id?: string };
}
export interface OrdOrganisation {
  Name: string;
  OrgId: { extension: string };
  Status?: string;
  Date?: OrdDate[];
  GeoLoc?: { Location?: Record<string, string | undefined> };
  Roles?: { Role?: { id: string; primaryRole?: boolean; Status?: string }[] };
  Rels?: { Rel?: { id?: string; Status?: string; Target?: OrdTarget }[] };
  Succs?: { Succ?: { Type?: string; Date?: OrdDate[]; Target?: OrdTarget }[] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getJson<T>(url: string, options: OdsSyncOptions): Promise<T> {
  const attempts = options.attempts ?? 3;
  const doFetch = options.fetch ?? fetch;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await doFetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new OdsRequestError(`${url} answered ${response.status}`);
      return (await response.json()) as T;
    } catch (error) {
      last = error;
      if (attempt < attempts) await sleep((options.backoffMs ?? 250) * 2 ** (attempt - 1));
    }
  }
  throw new OdsRequestError(
    `ODS request failed after ${attempts} attempts: ${last instanceof Error ? last.message : String(last)}`,
  );
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export function ordToIncoming(
  org: OrdOrganisation,
  line: number,
  regionCodes: Set<string>,
): IncomingOrganisation {
  const operational =
    org.Date?.find((d) => d.Type === 'Operational') ?? org.Date?.find((d) => d.Type === 'Legal');
  const location = org.GeoLoc?.Location ?? {};
  const region = org.Rels?.Rel?.find(
    (r) =>
      (r.Status ?? 'Active') === 'Active' &&
      regionCodes.has((r.Target?.OrgId?.extension ?? '').toUpperCase()),
  );
  const successors = (org.Succs?.Succ ?? []).filter((s) => s.Type === 'Successor');
  const latest = successors
    .sort((a, b) => (a.Date?.[0]?.Start ?? '').localeCompare(b.Date?.[0]?.Start ?? ''))
    .at(-1);
  let closureDate = operational?.End ?? null;
  if (!closureDate && org.Status === 'Inactive') closureDate = latest?.Date?.[0]?.Start ?? null;
  return {
    line,
    code: org.OrgId.extension,
    name: org.Name,
    regionCode: region?.Target?.OrgId?.extension ?? null,
    typeCode: org.Roles?.Role?.find((r) => r.primaryRole)?.id ?? null,
    openDate: operational?.Start ?? null,
    closureDate,
    addressLines: ['AddrLn1', 'AddrLn2', 'AddrLn3', 'Town', 'County']
      .map((k) => location[k])
      .filter((v): v is string => !!v),
    postcode: location.PostCode ?? null,
    successorCode: latest?.Target?.OrgId?.extension ?? null,
    // ORD says Active or Inactive; it has no dormant or proposed.
    ...(org.Status === 'Active' ? { status: 'active' as const } : {}),
    ...(org.Status === 'Inactive' ? { status: 'closed' as const } : {}),
  };
}

/** Fetches the whole register for the configured roles (all pages, every record's detail). */
export async function fetchOdsRegister(db: Db, options: OdsSyncOptions): Promise<IncomingOrganisation[]> {
  const base = options.baseUrl.replace(/\/$/, '');
  const limit = options.pageSize ?? 1000;
  const codes: string[] = [];
  for (const role of options.roles ?? ['RO197']) {
    for (let offset = 0; ; offset += limit) {
      const page = await getJson<{ Organisations?: { OrgId: string }[] }>(
        `${base}/organisations?PrimaryRoleId=${encodeURIComponent(role)}&Limit=${limit}&Offset=${offset}`,
        options,
      );
      const items = page.Organisations ?? [];
      codes.push(...items.map((o) => o.OrgId));
      options.onProgress?.({ phase: 'listing', done: codes.length, total: null });
      if (items.length < limit) break;
    }
  }
  const regionCodes = new Set(
    (await db.selectFrom('region').select('code').execute()).map((r) => r.code.toUpperCase()),
  );
  const unique = [...new Set(codes)];
  let fetched = 0;
  options.onProgress?.({ phase: 'details', done: 0, total: unique.length });
  return mapLimited(unique, options.concurrency ?? 8, async (code) => {
    const detail = await getJson<{ Organisation: OrdOrganisation }>(
      `${base}/organisations/${encodeURIComponent(code)}`,
      options,
    );
    fetched += 1;
    if (fetched % 50 === 0 || fetched === unique.length) {
      options.onProgress?.({ phase: 'details', done: fetched, total: unique.length });
    }
    return ordToIncoming(detail.Organisation, unique.indexOf(code) + 1, regionCodes);
  });
}

const runColumns = [
  'id',
  'status',
  'mode',
  'since',
  'position',
  'added',
  'updated',
  'closed',
  'failed',
  'error',
  'startedBy',
  'startedAt',
  'finishedAt',
] as const;

/** The run's columns, with how many codes an incremental run planned (not the codes themselves). */
function selectRun(db: Db) {
  return db
    .selectFrom('odsSyncRun')
    .select(runColumns)
    .select(sql<number | null>`cardinality(codes)`.as('planned'));
}

/**
 * Thrown inside an apply transaction when the run is no longer this instance's to apply (marked failed
 * meanwhile, or resumed elsewhere): the transaction rolls back.
 */
export class RunAbandoned extends Error {}

const interruptedMessage = (minutes: number) =>
  `Interrupted: still running after ${minutes} minutes (the instance running it stopped); nothing was applied`;

/**
 * Marks failed every full run still 'running' after `timeoutMinutes`: the instance running it stopped (a
 * crash or a restart), so it will never finish, and it must not block the next run. Audited. A run that
 * was only slow and finishes later is refused at its last step (see `runOdsSync`), so a run marked failed
 * never applies anything. Incremental runs are not failed but resumed (`triggerOdsSync`).
 */
export async function recoverStuckRuns(db: Db, timeoutMinutes: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - timeoutMinutes * 60_000);
  return db.transaction().execute(async (tx) => {
    const stuck = await tx
      .updateTable('odsSyncRun')
      .set({ status: 'failed', error: interruptedMessage(timeoutMinutes), finishedAt: now })
      .where('status', '=', 'running')
      .where('mode', '=', 'full')
      .where('startedAt', '<', cutoff)
      .returning(['id', 'startedAt'])
      .execute();
    for (const run of stuck) {
      await writeAudit(tx, {
        userId: null,
        action: 'organisation.sync.interrupted',
        entityType: 'odsSyncRun',
        entityId: run.id,
        before: { status: 'running', startedAt: run.startedAt.toISOString() },
        after: { status: 'failed' },
      });
    }
    return stuck.length;
  });
}

/** Options of a sync task: how to reach ODS, who runs it, and which kind of run. */
export type SyncTaskOptions = OdsSyncOptions & {
  userId: number | null;
  /** A run already recorded (the API records it before answering 202, or resumes one). */
  runId?: number;
  source?: 'api' | 'cli' | 'job' | 'test';
  /** 'auto' (the default): incremental when a run succeeded within the ORD window, else full. */
  mode?: 'auto' | 'full';
  /** Incremental from this LastChangeDate, whatever the last run (tests, an administrator's repair). */
  since?: string;
  /** Incremental runs: records fetched and applied per transaction (default 100). */
  batchSize?: number;
};

/** The LastChangeDate a new run asks for, or null for a full run. */
async function sinceFor(db: Db, options: SyncTaskOptions): Promise<string | null> {
  if (options.since) return options.since;
  if (options.mode === 'full') return null;
  return incrementalSince(db);
}

/**
 * The sync task: a plain function a job runner, the CLI or a test calls. Records its run in
 * `ods_sync_run` (created here unless `runId` is given) and returns the finished run. An incremental run
 * applies batch by batch and can be resumed (`runId` of a run left running); a full run is all or nothing.
 */
export async function runOdsSync(db: Db, options: SyncTaskOptions): Promise<OdsSyncRun> {
  let runId = options.runId;
  if (runId === undefined) {
    const since = await sinceFor(db, options);
    runId = (
      await db
        .insertInto('odsSyncRun')
        .values({
          startedBy: options.userId,
          source: options.source ?? 'job',
          mode: since ? 'incremental' : 'full',
          since,
          heartbeatAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const { mode } = await db
    .selectFrom('odsSyncRun')
    .select('mode')
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  try {
    if (mode === 'incremental') await runIncremental(db, runId, options);
    else await runFull(db, runId, options);
  } catch (error) {
    // Resumed by another instance meanwhile: the run is not this one's to report.
    if (!(error instanceof RunAbandoned && mode === 'incremental')) {
      await db
        .updateTable('odsSyncRun')
        .set({
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
          finishedAt: new Date(),
        })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .execute();
    }
  } finally {
    progressByRun.delete(runId);
  }
  return presentRun(
    await selectRun(db).where('id', '=', runId).executeTakeFirstOrThrow(),
    progressByRun.get(runId),
  );
}

/** A full run: every page and record fetched first, then the whole register applied in one transaction. */
async function runFull(db: Db, runId: number, options: SyncTaskOptions): Promise<void> {
  const progress = (value: SyncProgress) => progressByRun.set(runId, value);
  const incoming = await fetchOdsRegister(db, { ...options, onProgress: progress });
  progress({ phase: 'applying', done: 0, total: incoming.length });
  await db.transaction().execute(async (tx) => {
    const report = await reconcileOrganisations(tx, incoming, {
      dryRun: false,
      userId: options.userId,
      action: 'organisation.sync',
    });
    const finished = await tx
      .updateTable('odsSyncRun')
      .set({
        status: 'succeeded',
        added: report.added,
        updated: report.updated,
        closed: report.closed,
        failed: report.refusedCount,
        error: report.refused.length
          ? report.refused
              .map((f) => `${f.code}: ${f.reason}`)
              .join('; ')
              .slice(0, 2000)
          : null,
        finishedAt: new Date(),
      })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Marked failed by recoverStuckRuns while it ran: roll back rather than apply a run reported failed.
    if (Number(finished.numUpdatedRows) === 0) throw new RunAbandoned();
    await writeAudit(tx, {
      userId: options.userId,
      action: 'organisation.sync',
      entityType: 'odsSyncRun',
      entityId: runId,
      after: { ...report, refused: report.refusedCount },
    });
  });
  organisationsChanged(db);
}

/**
 * Starts a sync in the background and answers its run at once. One run at a time: a stuck full run is
 * failed and a stuck incremental run (silent for `timeoutMinutes`: its instance stopped) is resumed from
 * its position; the check and the insert happen under a transaction-scoped advisory lock, so two
 * administrators pressing the button together start one run (the other gets the 409).
 */
export async function triggerOdsSync(
  db: Db,
  options: SyncTaskOptions & { userId: number; timeoutMinutes: number },
  onDone?: (run: Promise<OdsSyncRun>) => void,
): Promise<OdsSyncRun> {
  await recoverStuckRuns(db, options.timeoutMinutes);
  const since = await sinceFor(db, options);
  const cutoff = new Date(Date.now() - options.timeoutMinutes * 60_000);
  const runId = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('ods_sync_run'))`.execute(tx);
    const running = await tx
      .selectFrom('odsSyncRun')
      .select(['id', 'mode', 'startedAt', 'heartbeatAt'])
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running) {
      const lastSign = running.heartbeatAt ?? running.startedAt;
      if (running.mode !== 'incremental' || lastSign >= cutoff)
        throw conflict('sync_in_progress', 'A sync with ODS is already running');
      await tx
        .updateTable('odsSyncRun')
        .set({ heartbeatAt: new Date() })
        .where('id', '=', running.id)
        .execute();
      await writeAudit(tx, {
        userId: options.userId,
        action: 'organisation.sync.resumed',
        entityType: 'odsSyncRun',
        entityId: running.id,
        after: { lastProgressAt: lastSign.toISOString() },
      });
      return running.id;
    }
    return (
      await tx
        .insertInto('odsSyncRun')
        .values({
          startedBy: options.userId,
          source: 'api',
          mode: since ? 'incremental' : 'full',
          since,
          heartbeatAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  const row = await selectRun(db).where('id', '=', runId).executeTakeFirstOrThrow();
  const done = runOdsSync(db, { ...options, runId });
  done.catch(() => {});
  onDone?.(done);
  return presentRun(row, progressByRun.get(row.id));
}

/** The latest runs, newest first, after marking stuck ones failed (so the screen never waits forever). */
export async function listSyncRuns(db: Db, timeoutMinutes: number, limit = 20): Promise<OdsSyncRun[]> {
  await recoverStuckRuns(db, timeoutMinutes);
  const rows = await selectRun(db).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => presentRun(row, progressByRun.get(row.id)));
}
