import { londonToday } from '@dcf/domain';
import type { RouteModule } from '../../app';
import { notFound } from '../../platform/errors';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import { findOrganisation, listOrganisations } from './queries';
import {
  idParams,
  organisationInputSchema,
  organisationListQuerySchema,
  organisationPageSchema,
  organisationSchema,
} from './schemas';
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
    async (request) => listOrganisations(db, request.query, londonToday()),
  );

  app.get(
    '/Organisation/:id',
    {
      config: { access: access.signedIn },
      schema: { tags, params: idParams, response: { 200: organisationSchema } },
    },
    async (request) => {
      const organisation = await findOrganisation(db, organisationId(request.params.id), londonToday());
      if (!organisation) throw notFound();
      return organisation;
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
};
