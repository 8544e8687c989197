import { auditPageSchema, auditQuerySchema } from '@dcf/domain';
import { access } from '../../platform/policy';
import type { RouteModule } from '../../platform/route-module';
import { searchAuditLog } from './queries';

export const auditRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/AuditLog',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Audit log'],
        description: 'Every change, newest first: filter by who, what, which record and London dates.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => searchAuditLog(db, request.query),
  );
};
