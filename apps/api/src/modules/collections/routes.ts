import {
  collectionInputSchema,
  collectionListQuerySchema,
  collectionListSchema,
  collectionSchema,
  collectionStatusBodySchema,
  excelTemplateEnabledBodySchema,
  idParam,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { guidanceRoutes } from './guidance';
import * as service from './service';

const idParams = z.object({ id: idParam });
const tags = ['Collections'];

export const collectionRoutes: RouteModule = (app, deps) => {
  const { db } = deps.database;
  guidanceRoutes(app, deps);
  app.get(
    '/Collection',
    {
      config: { access: access.signedIn },
      schema: { tags, querystring: collectionListQuerySchema, response: { 200: collectionListSchema } },
    },
    async (request) => service.listCollections(db, principalOf(request), request.query),
  );

  app.get(
    '/Collection/:id',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: idParams, response: { 200: collectionSchema } },
    },
    async (request) => service.getCollection(db, principalOf(request), request.params.id),
  );

  app.post(
    '/Collection',
    {
      config: { access: access.createCollection },
      schema: { tags, body: collectionInputSchema, response: { 201: collectionSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCollection(db, principalOf(request), request.body, request.id)),
  );

  app.put(
    '/Collection/:id',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: idParams, body: collectionInputSchema, response: { 200: collectionSchema } },
    },
    async (request) =>
      service.updateCollection(db, principalOf(request), request.params.id, request.body, request.id),
  );

  app.delete(
    '/Collection/:id',
    { config: { access: access.collectionSetup() }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await service.deleteCollection(db, principalOf(request), request.params.id, request.id);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/Collection/:id/Status',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: idParams,
        body: collectionStatusBodySchema,
        response: { 200: collectionSchema },
      },
    },
    async (request) =>
      service.changeStatus(db, principalOf(request), request.params.id, request.body.status, request.id),
  );

  app.patch(
    '/Collection/:id/IsExcelTemplateEnabled',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: idParams,
        body: excelTemplateEnabledBodySchema,
        response: { 200: collectionSchema },
      },
    },
    async (request) =>
      service.setExcelTemplateEnabled(
        db,
        principalOf(request),
        request.params.id,
        request.body.isExcelTemplateEnabled,
        request.id,
      ),
  );
};
