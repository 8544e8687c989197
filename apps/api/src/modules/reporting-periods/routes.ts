import {
  bulkPeriodsResultSchema,
  idParam,
  periodDiffSchema,
  reportingPeriodBodySchema,
  reportingPeriodSchema,
  scheduleBodySchema,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import * as service from './service';

const tags = ['Reporting periods'];
const collectionParams = z.object({ id: idParam });
const periodParams = collectionParams.extend({ periodId: idParam });

export const reportingPeriodRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Collection/:id/ReportingPeriod',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: collectionParams, response: { 200: z.array(reportingPeriodSchema) } },
    },
    async (request) => service.listPeriods(db, principalOf(request), request.params.id),
  );

  app.post(
    '/Collection/:id/ReportingPeriod',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: collectionParams,
        body: reportingPeriodBodySchema,
        response: { 201: reportingPeriodSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createPeriod(db, principalOf(request), request.params.id, request.body, request.id),
        ),
  );

  app.post(
    '/Collection/:id/ReportingPeriod/Diff',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: collectionParams,
        body: scheduleBodySchema,
        response: { 200: periodDiffSchema },
      },
    },
    async (request) => service.diffSchedule(db, principalOf(request), request.params.id, request.body),
  );

  for (const [method, replace] of [
    ['post', false],
    ['put', true],
  ] as const) {
    app[method](
      '/Collection/:id/ReportingPeriod/Bulk',
      {
        config: { access: access.collectionSetup() },
        schema: {
          tags,
          description: replace
            ? 'Replaces the periods with the schedule: adds, updates and deletes (never a period with submissions).'
            : 'Adds the periods of the schedule and updates matching ones; deletes nothing.',
          params: collectionParams,
          body: scheduleBodySchema,
          response: { 200: bulkPeriodsResultSchema },
        },
      },
      async (request) =>
        service.applySchedule(
          db,
          principalOf(request),
          request.params.id,
          request.body,
          { replace },
          request.id,
        ),
    );
  }

  app.get(
    '/Collection/:id/ReportingPeriod/:periodId',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: periodParams, response: { 200: reportingPeriodSchema } },
    },
    async (request) =>
      service.getPeriod(db, principalOf(request), request.params.id, request.params.periodId),
  );

  app.put(
    '/Collection/:id/ReportingPeriod/:periodId',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: periodParams,
        body: reportingPeriodBodySchema,
        response: { 200: reportingPeriodSchema },
      },
    },
    async (request) =>
      service.updatePeriod(
        db,
        principalOf(request),
        request.params.id,
        request.params.periodId,
        request.body,
        request.id,
      ),
  );

  app.delete(
    '/Collection/:id/ReportingPeriod/:periodId',
    { config: { access: access.collectionSetup() }, schema: { tags, params: periodParams } },
    async (request, reply) => {
      await service.deletePeriod(
        db,
        principalOf(request),
        request.params.id,
        request.params.periodId,
        request.id,
      );
      return reply.status(204).send();
    },
  );
};
