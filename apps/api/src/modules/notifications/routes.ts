import {
  chaseSchema,
  idParam,
  outboxPageSchema,
  outboxQuerySchema,
  reminderReachSchema,
  sendReminderBodySchema,
  sendReminderResultSchema,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { getReminderReach, listChases, listOutbox, sendReminder } from './service';

const tags = ['Notifications'];
const periodParams = z.object({
  id: idParam,
  periodId: idParam,
});
const organisationParams = z.object({
  id: idParam,
  organisationId: idParam,
});

export const notificationRoutes: RouteModule = (app, { database: { db }, config }) => {
  app.post(
    '/Collection/:id/ReportingPeriod/:periodId/Reminder',
    {
      config: { access: access.collectionMonitor() },
      schema: {
        tags,
        description:
          'Emails the clerks and authorisers of organisations whose return is not completed; one chase per organisation per day.',
        params: periodParams,
        body: sendReminderBodySchema,
        response: { 200: sendReminderResultSchema },
      },
    },
    async (request) =>
      sendReminder(
        db,
        config,
        principalOf(request),
        request.params.id,
        request.params.periodId,
        request.body,
        request.id,
      ),
  );

  // The confirmation's counts, computed here: one small answer, not the whole non-submitters list.
  app.get(
    '/Collection/:id/ReportingPeriod/:periodId/Reminder',
    {
      config: { access: access.collectionMonitor() },
      schema: {
        tags,
        summary: 'Whom a reminder sent now would reach',
        description:
          'Organisations not completed with a clerk or authoriser to email, the people, those with nobody to email and those already chased today; 409 when a reminder cannot be sent now.',
        params: periodParams,
        response: { 200: reminderReachSchema },
      },
    },
    async (request) => getReminderReach(db, config, request.params.id, request.params.periodId),
  );

  app.get(
    '/Collection/:id/Organisation/:organisationId/Chase',
    {
      config: { access: access.collectionMonitor() },
      schema: { tags, params: organisationParams, response: { 200: z.array(chaseSchema) } },
    },
    async (request) => listChases(db, request.params.id, request.params.organisationId),
  );

  app.get(
    '/MailOutbox',
    {
      config: { access: access.admin },
      schema: { tags, querystring: outboxQuerySchema, response: { 200: outboxPageSchema } },
    },
    async (request) => listOutbox(db, request.query),
  );
};
