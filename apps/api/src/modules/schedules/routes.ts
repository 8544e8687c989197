import { defaultScheduleSchema, idParam, scheduleBodySchema, scheduleSchemaDto } from '@dcf/domain';
import { z } from 'zod';
import { access, locatedBy } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { scheduleCollection } from './queries';
import * as service from './service';

const tags = ['Schedules'];
const idParams = z.object({ id: idParam });
const collectionScheduleParams = idParams.extend({ scheduleId: idParam });

export const scheduleRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    '/Schedule',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        description: 'The schedules of every collection the user may see (administrators: all).',
        response: { 200: z.array(scheduleSchemaDto) },
      },
    },
    async (request) => service.listSchedules(db, principalOf(request)),
  );

  app.get(
    '/Schedule/:id',
    {
      config: { access: access.collectionRead(scheduleCollection) },
      schema: { tags, params: idParams, response: { 200: scheduleSchemaDto } },
    },
    async (request) =>
      service.getSchedule(
        db,
        principalOf(request),
        request.params.id,
        locatedBy(request, scheduleCollection)?.schedule,
      ),
  );

  app.get(
    '/Collection/:id/Schedule/Default',
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: idParams, response: { 200: defaultScheduleSchema } },
    },
    async (request) => service.getDefaultSchedule(db, principalOf(request), request.params.id),
  );

  app.post(
    '/Collection/:id/Schedule',
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: idParams, body: scheduleBodySchema, response: { 201: scheduleSchemaDto } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.createSchedule(db, principalOf(request), request.params.id, request.body, request.id),
        ),
  );

  app.put(
    '/Collection/:id/Schedule/:scheduleId',
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: collectionScheduleParams,
        body: scheduleBodySchema,
        response: { 200: scheduleSchemaDto },
      },
    },
    async (request) =>
      service.updateSchedule(
        db,
        principalOf(request),
        request.params.id,
        request.params.scheduleId,
        request.body,
        request.id,
      ),
  );
};
