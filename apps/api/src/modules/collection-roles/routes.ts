import {
  collectionRoleBodySchema,
  collectionRoleListSchema,
  idParam,
  submitterAccessBodySchema,
  submitterAccessListSchema,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import * as service from './service';

const idParams = z.object({ id: idParam });
const organisationParams = idParams.extend({ organisationId: idParam });
const tags = ['Collection roles'];

export const collectionRoleRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/:id/Roles',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: idParams, response: { 200: collectionRoleListSchema } },
    },
    async (request) => service.listCollectionRoles(db, request.params.id),
  );

  app.put(
    '/Collection/:id/Role',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: idParams,
        body: collectionRoleBodySchema,
        response: { 200: collectionRoleListSchema },
      },
    },
    async (request) =>
      service.setCollectionRole(db, principalOf(request), request.params.id, request.body, request.id),
  );

  app.get(
    '/View/Manager/Collection/:id/SubmitterAccess',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: idParams, response: { 200: submitterAccessListSchema } },
    },
    async (request) => service.listSubmitterAccess(db, request.params.id),
  );

  app.put(
    '/Collection/:id/Organisation/:organisationId/SubmitterAccess',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: organisationParams,
        body: submitterAccessBodySchema,
        response: { 200: submitterAccessListSchema },
      },
    },
    async (request) =>
      service.setSubmitterAccess(
        db,
        principalOf(request),
        request.params.id,
        request.params.organisationId,
        request.body,
        request.id,
      ),
  );
};
