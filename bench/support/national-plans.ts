import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/database';
import { CSRF_HEADER } from '../../apps/api/src/platform/csrf';
import { type ExplainedStatement, explainRequest } from './explain';
import type { National } from './national';
import { answers } from './return-form';

/**
 * The plans of the save and of the manager's views at national scale (issue 25 item 2, decision 0034):
 * each request sent once through an app in this process, its pool's statements recorded and replayed
 * under EXPLAIN ANALYZE in a rolled-back transaction (support/explain.ts). Shared by
 * data-quality-national.bench.ts, manager-national.bench.ts and plans-national.ts.
 */

/** An app in this process on the national database, no job worker, and a way to call it as a user. */
export async function inProcessApp(national: Pick<National, 'databaseUrl'>) {
  const handle = await openDatabase({ databaseUrl: national.databaseUrl, pgliteDir: '', poolSize: 4 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_MAX: '1000000',
    JOBS_RUN: 'false',
  });
  const app = await buildApp({ config, database: handle });
  await app.ready();
  const call = async (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        cookie,
        // The session's own anti-forgery token, as the cookie carries it (decision 0032).
        [CSRF_HEADER]: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as Record<string, unknown>;
  };
  return {
    app,
    handle,
    call,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
export type InProcessApp = Awaited<ReturnType<typeof inProcessApp>>;

/**
 * A clerk's form page (the return, the data quality context), the lock, two draft saves (the first of
 * the return in this process, then one with its form version held) and, with `submit`, a submit; the
 * lock is given back at the end. Use a clerk whose return nobody else touches in the run.
 */
export async function savePlans(
  { handle, call }: InProcessApp,
  national: National,
  clerkIndex: number,
  { submit = false } = {},
): Promise<ExplainedStatement[]> {
  const cookie = national.clerkCookies[clerkIndex]!;
  const page = national.clerkPages[clerkIndex]!;
  const explained = [
    ...(await explainRequest(handle.pool, 'Form page: the return (GET .../Submission)', () =>
      call(cookie, 'GET', page),
    )),
    ...(await explainRequest(handle.pool, 'Form page: data quality context (GET .../DataQuality)', () =>
      call(cookie, 'GET', page.replace(/\/Submission$/, '/DataQuality')),
    )),
  ];
  let view: Record<string, unknown> = {};
  explained.push(
    ...(await explainRequest(handle.pool, 'Taking the lock (POST .../Submission/Lock)', async () => {
      view = await call(cookie, 'POST', `${page}/Lock`);
    })),
  );
  let base = view.currentRevisionId as number | null;
  const saves: [string, 'draft' | 'completed'][] = [
    ['Draft save, first in this process', 'draft'],
    ['Draft save, form version held', 'draft'],
    ...(submit ? [['Submit', 'completed'] as [string, 'completed']] : []),
  ];
  for (const [label, status] of saves) {
    explained.push(
      ...(await explainRequest(
        handle.pool,
        `${label} (POST /Submission/{id}/SubmissionRevision)`,
        async () => {
          const saved = await call(
            cookie,
            'POST',
            `/v1/api/Submission/${view.submissionId}/SubmissionRevision`,
            {
              content: answers(base ?? 1),
              status,
              baseRevisionId: base,
              // A submit carries the declaration (API 1.2.0) and an explanation of each warning.
              ...(status === 'completed'
                ? {
                    declaration: true,
                    explanations: Object.fromEntries(
                      national.rules.map((r) => [r.id, 'Checked with the ward']),
                    ),
                  }
                : {}),
            },
          );
          base = saved.currentRevisionId as number;
        },
      )),
    );
  }
  await call(cookie, 'POST', `${page}/Lock`).catch(() => undefined);
  return explained;
}

/** The manager's views, as the screens ask for them. */
export function managerViews(national: National): { label: string; url: string }[] {
  const lastClosed = national.closedPeriodIds.at(-1)!;
  const open = national.openPeriodId;
  const c = national.collectionId;
  const someOrganisation = national.organisationIds[Math.min(4321, national.organisationIds.length - 1)]!;
  return [
    {
      label: 'Collection home with the completeness trend',
      url: `/v1/api/View/Manager/Home/Collection/${c}`,
    },
    { label: 'Manager home (collections you manage)', url: '/v1/api/View/Manager/Home' },
    {
      label: 'Reporting periods of the collection',
      url: `/v1/api/View/Manager/Collection/${c}/ReportingPeriods`,
    },
    {
      label: 'Period overview, open period, first page',
      url: `/v1/api/View/Manager/ReportingPeriod/${open}/Submission`,
    },
    {
      label: 'Period overview, closed period, first page',
      url: `/v1/api/View/Manager/ReportingPeriod/${lastClosed}/Submission`,
    },
    {
      label: 'Period overview, open period, status filter by code',
      url: `/v1/api/View/Manager/ReportingPeriod/${open}/Submission?status=notStarted&sortBy=code`,
    },
    {
      label: 'Reminder counts of the open period',
      url: `/v1/api/Collection/${c}/ReportingPeriod/${open}/Reminder`,
    },
    {
      label: 'Data quality view of the last closed period',
      url: `/v1/api/View/Manager/ReportingPeriod/${lastClosed}/DataQuality`,
    },
    {
      label: "An organisation's history",
      url: `/v1/api/View/Manager/Collection/${c}/Organisation/${someOrganisation}/History`,
    },
  ];
}

/** Every statement of each view, as the collection's manager; a view this commit lacks (404) is skipped. */
export async function managerPlans(
  { app, handle }: InProcessApp,
  national: National,
  views: { label: string; url: string }[],
): Promise<{ explained: ExplainedStatement[]; available: Set<string> }> {
  const explained: ExplainedStatement[] = [];
  const available = new Set<string>();
  for (const view of views) {
    const probeRes = await app.inject({ url: view.url, headers: { cookie: national.managerCookie } });
    if (probeRes.statusCode === 404) {
      console.log(`  (not on this commit: ${view.label})`);
      continue;
    }
    available.add(view.label);
    explained.push(
      ...(await explainRequest(handle.pool, view.label, async () => {
        const res = await app.inject({ url: view.url, headers: { cookie: national.managerCookie } });
        if (res.statusCode !== 200)
          throw new Error(`${view.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      })),
    );
  }
  return { explained, available };
}
