import {
  bulkCollectionOrganisationsBodySchema,
  bulkCollectionOrganisationsResultSchema,
  collectionOrganisationListQuerySchema,
  collectionOrganisationListSchema,
  collectionOrganisationRoleBodySchema,
  collectionOrganisationRoleResultSchema,
  idParam,
  recipientSelectionBodySchema,
  recipientSelectionResultSchema,
  submitterCollectionOrganisationListSchema,
  submitterCollectionOrganisationQuerySchema,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import * as service from './service';

const idParams = z.object({ id: idParam });
const tags = ['Collection organisations'];

export const collectionOrganisationRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/Organisation',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        operationId: 'listOwnCollectionOrganisations',
        summary: 'The collections and organisations the signed-in user submits returns for',
        querystring: submitterCollectionOrganisationQuerySchema,
        response: { 200: submitterCollectionOrganisationListSchema },
      },
    },
    async (request) => service.listOwnCollectionOrganisations(db, principalOf(request), request.query.query),
  );

  app.get(
    '/Collection/:id/Organisation',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        params: idParams,
        querystring: collectionOrganisationListQuerySchema,
        response: { 200: collectionOrganisationListSchema },
      },
    },
    async (request) => service.listRecipients(db, principalOf(request), request.params.id, request.query),
  );

  app.put(
    '/Collection/:id/Organisation/Bulk',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: idParams,
        body: bulkCollectionOrganisationsBodySchema,
        response: { 200: bulkCollectionOrganisationsResultSchema },
      },
    },
    async (request) =>
      service.bulkChange(db, principalOf(request), request.params.id, request.body, request.id),
  );

  app.put(
    '/Collection/:id/Organisation/Role',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: idParams,
        body: collectionOrganisationRoleBodySchema,
        response: { 200: collectionOrganisationRoleResultSchema },
      },
    },
    async (request) =>
      service.setAuthorisationFlags(db, principalOf(request), request.params.id, request.body, request.id),
  );

  app.post(
    '/Collection/:id/Organisation/Selection/Preview',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        summary: 'What adding or removing recipients by criteria or ODS codes would change (no change made)',
        params: idParams,
        body: recipientSelectionBodySchema,
        response: { 200: recipientSelectionResultSchema },
      },
    },
    async (request) => service.previewSelection(db, request.params.id, request.body),
  );

  app.put(
    '/Collection/:id/Organisation/Selection',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        summary: 'Add or remove recipients by criteria (in SQL) or by a list of ODS codes',
        params: idParams,
        body: recipientSelectionBodySchema,
        response: { 200: recipientSelectionResultSchema },
      },
    },
    async (request) =>
      service.applySelection(db, principalOf(request), request.params.id, request.body, request.id),
  );
};
