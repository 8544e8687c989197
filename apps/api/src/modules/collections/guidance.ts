import {
  type CollectionGuidance,
  collectionGuidanceBodySchema,
  collectionGuidanceSchema,
  guidanceMessages,
  idParam,
} from '@dcf/domain';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';

const params = z.object({ id: idParam });
const tags = ['Collections'];

async function readGuidance(db: Db, collectionId: number): Promise<CollectionGuidance> {
  const row = await db
    .selectFrom('collection')
    .select(['id', 'guidance'])
    .where('id', '=', collectionId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { collectionId: row.id, guidance: row.guidance };
}

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
    async (request) => readGuidance(db, request.params.id),
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
    async (request) => {
      const collectionId = request.params.id;
      const { guidance } = request.body;
      await db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('collection')
          .select(['status', 'guidance'])
          .where('id', '=', collectionId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound();
        if (before.status === 'archived') throw validationProblem({ guidance: [guidanceMessages.archived] });
        if (before.guidance === guidance) return;
        await tx
          .updateTable('collection')
          .set({ guidance, updatedAt: new Date() })
          .where('id', '=', collectionId)
          .execute();
        await writeAudit(tx, {
          userId: principalOf(request).userId,
          action: 'collection.guidance',
          entityType: 'collection',
          entityId: collectionId,
          collectionId,
          before: { guidance: before.guidance },
          after: { guidance },
          requestId: request.id,
        });
      });
      return readGuidance(db, collectionId);
    },
  );
};
