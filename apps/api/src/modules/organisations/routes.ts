import {
  importReportSchema,
  londonToday,
  odsSyncRunSchema,
  organisationInputSchema,
  organisationListQuerySchema,
  organisationPageSchema,
  organisationSchema,
} from '@dcf/domain';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { importOdsFile } from './import';
import { listSyncRuns, startOdsSync } from './ods-sync';
import { decodeOdsUpload } from './ods-upload';
import { presentOrganisation } from './presenters';
import { findOrganisation, listOrganisations } from './queries';
import { idParams, importBodySchema, MAX_IMPORT_MB } from './schemas';
import { createOrganisation, updateOrganisation } from './service';

const tags = ['Organisations'];

/** The route's `id` as a number, or 404. */
function organisationId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

export const organisationRoutes: RouteModule = (app, { database }) => {
  const { db } = database;

  app.get(
    '/Organisation',
    {
      config: { access: access.signedIn },
      schema: { tags, querystring: organisationListQuerySchema, response: { 200: organisationPageSchema } },
    },
    async (request) => {
      const today = londonToday();
      const { items, total } = await listOrganisations(db, request.query, today);
      return { items: items.map((row) => presentOrganisation(row, today)), total };
    },
  );

  app.get(
    '/Organisation/:id',
    {
      config: { access: access.signedIn },
      schema: { tags, params: idParams, response: { 200: organisationSchema } },
    },
    async (request) => {
      const row = await findOrganisation(db, organisationId(request.params.id));
      if (!row) throw notFound();
      return presentOrganisation(row, londonToday());
    },
  );

  app.post(
    '/Organisation',
    {
      config: { access: access.admin },
      schema: { tags, body: organisationInputSchema, response: { 201: organisationSchema } },
    },
    async (request, reply) => {
      const actor = { userId: principalOf(request).userId, requestId: request.id };
      const created = await createOrganisation(db, actor, request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/Organisation/:id',
    {
      config: { access: access.admin },
      schema: {
        tags,
        params: idParams,
        body: organisationInputSchema,
        response: { 200: organisationSchema },
      },
    },
    async (request) => {
      const actor = { userId: principalOf(request).userId, requestId: request.id };
      return updateOrganisation(db, actor, organisationId(request.params.id), request.body);
    },
  );

  app.post(
    '/Organisation/Admin/Import',
    {
      config: { access: access.admin },
      // base64 is 4/3 of the file, plus the JSON around it.
      bodyLimit: Math.ceil((MAX_IMPORT_MB * 1024 * 1024 * 4) / 3) + 4096,
      schema: { tags, body: importBodySchema, response: { 200: importReportSchema } },
    },
    async (request) => {
      const { content, encoding, dryRun, organisationTypeId } = request.body;
      const text = encoding === 'base64' ? await decodeOdsUpload(Buffer.from(content, 'base64')) : content;
      return importOdsFile(db, text, {
        dryRun,
        organisationTypeId: organisationTypeId ?? null,
        userId: principalOf(request).userId,
        requestId: request.id,
      });
    },
  );

  app.post(
    '/Organisation/Admin/TriggerSyncOrganisations',
    {
      config: { access: access.admin },
      schema: { tags, body: z.object({}).optional(), response: { 202: odsSyncRunSchema } },
    },
    async (request, reply) => {
      const { run } = await startOdsSync(db, { userId: principalOf(request).userId, source: 'api' });
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/Organisation/Admin/SyncRuns',
    { config: { access: access.admin }, schema: { tags, response: { 200: z.array(odsSyncRunSchema) } } },
    async () => listSyncRuns(db),
  );
};
