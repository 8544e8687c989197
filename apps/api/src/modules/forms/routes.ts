import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { formBodySchema, formParams, formSchema, formVersionParams } from './schemas';
import * as service from './service';

const tags = ['Forms'];

export const formRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/:id/Form',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: formParams, response: { 200: z.array(formSchema) } },
    },
    async (request) => service.listForms(db, principalOf(request), request.params.id),
  );

  app.post(
    '/Collection/:id/Form',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: formParams, body: formBodySchema, response: { 201: formSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createForm(
            db,
            principalOf(request),
            request.params.id,
            request.body.definition,
            request.id,
          ),
        ),
  );

  app.get(
    '/Collection/:id/Form/:formId',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: formVersionParams, response: { 200: formSchema } },
    },
    async (request) => service.getForm(db, principalOf(request), request.params.id, request.params.formId),
  );

  app.put(
    '/Collection/:id/Form/:formId',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: formVersionParams, body: formBodySchema, response: { 200: formSchema } },
    },
    async (request) =>
      service.updateForm(
        db,
        principalOf(request),
        request.params.id,
        request.params.formId,
        request.body.definition,
        request.id,
      ),
  );
};
