import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../../platform/policy';
import type { RouteModule } from '../../platform/route-module';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['ok', 'unavailable']),
    kind: z.enum(['postgres', 'pglite']),
    latencyMs: z.number(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

/** GET /v1/api/health: public; the service is healthy when the database answers. */
export const healthRoutes: RouteModule = (app, { database }) => {
  app.get(
    '/health',
    {
      config: { access: access.public },
      schema: { tags: ['Health'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        // SQL in a route on purpose: the probe reads no resource and this route is the whole module, so
        // the statement stays beside the latency it measures rather than in a queries.ts of one `select 1`.
        await sql`select 1`.execute(database.db);
      } catch {
        ok = false;
      }
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: {
          status: ok ? ('ok' as const) : ('unavailable' as const),
          kind: database.kind,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
        },
        version: process.env.npm_package_version ?? '0.1.0',
        uptimeSeconds: Math.round(process.uptime()),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
