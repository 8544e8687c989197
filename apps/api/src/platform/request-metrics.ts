import type { FastifyInstance } from 'fastify';
import { httpDuration, httpRequests } from './metrics';

/** Counts and times every answer by its declared route (`/v1/api/Collection/:id`), never the raw URL. */
export function installRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
