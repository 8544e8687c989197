import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../../platform/policy';
import type { RouteModule } from '../../platform/route-module';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'draining', 'starting']),
  database: z.object({
    status: z.enum(['ok', 'unavailable']),
    kind: z.enum(['postgres', 'pglite']),
    latencyMs: z.number(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

const liveSchema = z.object({ status: z.literal('alive'), uptimeSeconds: z.number() });

/**
 * Health for load balancers and orchestrators (decision 0033), public and never rate limited:
 * - GET /v1/api/health/live: liveness; 200 while the process answers at all (no database call), so a
 *   database outage never makes the platform restart healthy instances;
 * - GET /v1/api/health/ready: readiness; 200 when this instance should get traffic: started, not
 *   draining (SIGTERM turns it 503 at once) and its database answering;
 * - GET /v1/api/health (and /health): the same answer as ready, with the database's latency; what
 *   load balancers that take one URL point at.
 */
export const healthRoutes: RouteModule = (app, { database, lifecycle }) => {
  const readiness = async () => {
    const started = performance.now();
    let ok = true;
    try {
      // SQL in a route on purpose: the probe reads no resource and this route is the whole module, so
      // the statement stays beside the latency it measures rather than in a queries.ts of one `select 1`.
      await sql`select 1`.execute(database.db);
    } catch {
      ok = false;
    }
    const state = lifecycle?.state ?? 'ready';
    const status = state !== 'ready' ? state : ok ? ('ok' as const) : ('degraded' as const);
    const body = {
      status,
      database: {
        status: ok ? ('ok' as const) : ('unavailable' as const),
        kind: database.kind,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      },
      version: process.env.npm_package_version ?? '0.1.0',
      uptimeSeconds: Math.round(process.uptime()),
    };
    return { code: status === 'ok' ? (200 as const) : (503 as const), body };
  };
  const schema = { tags: ['Health'], response: { 200: healthSchema, 503: healthSchema } };

  app.get('/health', { config: { access: access.public }, schema }, async (_request, reply) => {
    const { code, body } = await readiness();
    return reply.status(code).send(body);
  });
  app.get(
    '/health/ready',
    {
      config: { access: access.public },
      schema: { ...schema, summary: 'Readiness: 503 while starting, draining or without the database' },
    },
    async (_request, reply) => {
      const { code, body } = await readiness();
      return reply.status(code).send(body);
    },
  );
  app.get(
    '/health/live',
    {
      config: { access: access.public },
      schema: { tags: ['Health'], summary: 'Liveness: the process answers', response: { 200: liveSchema } },
    },
    async () => ({ status: 'alive' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );
};
