import { idParam, messages } from '@dcf/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { type ExportRequest, prepareExport } from './service';

const tags = ['Exports'];
const collectionParams = z.object({ id: idParam });
const periodParams = collectionParams.extend({ periodId: idParam });
const exportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { message: messages.exportFormatInvalid }) });
const description =
  'Streams one row per organisation (and period) with one column per form answer (official revision), as CSV or XLSX. X-Export-Rows gives the row count.';

/**
 * Prepares the export asked for and sends it: the download headers, then the stream (never the whole
 * file in memory).
 */
async function sendExport(db: Db, request: FastifyRequest, reply: FastifyReply, asked: ExportRequest) {
  const prepared = await prepareExport(db, principalOf(request), asked, request.id);
  return reply
    .header('content-type', prepared.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${prepared.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(prepared.filename)}`,
    )
    .header('x-export-rows', String(prepared.rows))
    .header('cache-control', 'no-store')
    .send(prepared.stream);
}

export const exportRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/:id/ReportingPeriod/:periodId/Export',
    {
      config: { access: access.collectionMonitor() },
      schema: { tags, description, params: periodParams, querystring: exportQuery },
    },
    async (request, reply) =>
      sendExport(db, request, reply, {
        collectionId: request.params.id,
        periodId: request.params.periodId,
        format: request.query.format,
      }),
  );

  app.get(
    '/Collection/:id/Export',
    {
      config: { access: access.collectionMonitor() },
      schema: { tags, description, params: collectionParams, querystring: exportQuery },
    },
    async (request, reply) =>
      sendExport(db, request, reply, { collectionId: request.params.id, format: request.query.format }),
  );
};
