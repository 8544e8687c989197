import { z } from 'zod';
import { migrateToLatest, rollbackLast } from '../../db/migrate';
import { writeAudit } from '../../platform/audit';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';

const outcomeSchema = z.object({ direction: z.enum(['Up', 'Down']), applied: z.array(z.string()) });

/** Super administrators run pending schema migrations or roll back the newest one. */
export const migrationRoutes: RouteModule = (app, { database }) => {
  const { db } = database;
  const audited = async (userId: number, requestId: string, outcome: z.infer<typeof outcomeSchema>) => {
    await writeAudit(db, {
      userId,
      action: outcome.direction === 'Up' ? 'migration.migrate' : 'migration.rollback',
      entityType: 'migration',
      after: outcome,
      requestId,
    });
    return outcome;
  };

  app.post(
    '/Migration/Migrate',
    {
      config: { access: access.superAdmin },
      schema: {
        tags: ['Migration'],
        summary: 'Runs every pending migration',
        response: { 200: outcomeSchema },
      },
    },
    async (request) => audited(principalOf(request).userId, request.id, await migrateToLatest(db)),
  );

  app.post(
    '/Migration/Rollback',
    {
      config: { access: access.superAdmin },
      schema: {
        tags: ['Migration'],
        summary: 'Rolls back the newest migration',
        response: { 200: outcomeSchema },
      },
    },
    async (request) => audited(principalOf(request).userId, request.id, await rollbackLast(db)),
  );
};
