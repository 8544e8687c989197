import {
  chaseSchema,
  idParam,
  outboxPageSchema,
  outboxQuerySchema,
  sendReminderBodySchema,
  sendReminderResultSchema,
} from '@dcf/domain';
import { z } from 'zod';
import { createJobRunner } from '../../platform/jobs';
import { closeMailTransport } from '../../platform/mail';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { notificationJobHandlers, notificationSchedules } from './jobs';
import { listChases, listOutbox, sendReminder } from './service';

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
  // The job worker (emails, scheduled reminders) runs inside the service process (decision 0006).
  if (config.jobs.run) {
    const runner = createJobRunner({
      db,
      config,
      handlers: notificationJobHandlers,
      schedules: notificationSchedules,
      log: (message, detail) => app.log.warn({ err: detail }, message),
    });
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => {
      await runner.stop();
      closeMailTransport(config);
    });
  }

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
