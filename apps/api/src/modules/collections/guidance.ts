import { collectionGuidanceBodySchema, collectionGuidanceSchema, idParam } from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { getGuidance, setGuidance } from './guidance-service';

const params = z.object({ id: idParam });
const tags = ['Collections'];

/**
 * Guidance for a collection's submitters (decision 0025): whoever sees the collection reads it (its
 * submitters on their home and the form page); whoever sets it up writes it, except once archived
 * (read-only, as every other field). Every change is audited with the text before and after.
 */
export const guidanceRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/:id/Guidance',
    {
      config: { access: access.collectionRead() },
      schema: {
        tags,
        summary: "The collection's guidance for submitters",
        params,
        response: { 200: collectionGuidanceSchema },
      },
    },
    async (request) => getGuidance(db, request.params.id),
  );

  app.put(
    '/Collection/:id/Guidance',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        summary: "Sets (or, with null, removes) the collection's guidance for submitters",
        params,
        body: collectionGuidanceBodySchema,
        response: { 200: collectionGuidanceSchema },
      },
    },
    async (request) =>
      setGuidance(db, principalOf(request), request.params.id, request.body.guidance, request.id),
  );
};
