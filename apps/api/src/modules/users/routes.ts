import {
  administratorListSchema,
  administratorUpdateSchema,
  anonymousUser,
  currentUserSchema,
  preRegisterUserSchema,
  userListSchema,
  userRowSchema,
  userSearchQuerySchema,
} from '@dcf/domain';
import type { RouteModule } from '../../app';
import { getFeatureFlags } from '../../platform/feature-flags';
import { access, directoryScopeOf } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import * as q from './queries';
import { currentUser, preRegisterUser, setCollectionAdministrator } from './service';

export const userRoutes: RouteModule = (app, { database, config }) => {
  const { db } = database;

  app.get(
    '/User/Current',
    {
      config: { access: access.public },
      schema: {
        tags: ['Users'],
        summary: 'The signed-in user (isAuthenticated false when nobody is)',
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.principal || !request.session) return anonymousUser;
      const flags = await getFeatureFlags(db, config);
      return currentUser(
        db,
        request.principal,
        flags.SESSIONMANAGEMENT ? request.session.idleExpiresAt : null,
      );
    },
  );

  app.get(
    '/User',
    {
      config: { access: access.userDirectory },
      schema: {
        tags: ['Users'],
        summary: 'Users whose name, email or ODS code contains the query',
        description:
          'Administrators search everyone; a collection manager the staff of their collections’ recipients and of their own organisation, whoever holds a role in their collections, and anyone by exact email. With organisationId, that organisation’s own staff come first.',
        querystring: userSearchQuerySchema,
        response: { 200: userListSchema },
      },
    },
    async (request) => {
      const { query, page, pageSize, organisationId } = request.query;
      const ownStaffOf =
        organisationId === undefined ? undefined : (await q.findOrganisationCode(db, organisationId))?.code;
      return q.searchUsers(
        db,
        { query: query || undefined, page, pageSize, ownStaffOf },
        directoryScopeOf(principalOf(request)),
      );
    },
  );

  app.post(
    '/User',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Users'],
        summary: 'Registers a user by email before their first sign-in',
        body: preRegisterUserSchema,
        response: { 201: userRowSchema },
      },
    },
    async (request, reply) => {
      const user = await preRegisterUser(db, principalOf(request).userId, request.body, request.id);
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/Collection/Administrators',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Users'],
        summary: 'Collection administrators',
        response: { 200: administratorListSchema },
      },
    },
    async () => q.listAdministrators(db),
  );

  app.post(
    '/Collection/Administrators',
    {
      config: { access: access.superAdmin },
      schema: {
        tags: ['Users'],
        summary: 'Nominates or removes a collection administrator',
        body: administratorUpdateSchema,
        response: { 200: administratorListSchema },
      },
    },
    async (request) => setCollectionAdministrator(db, principalOf(request), request.body, request.id),
  );
};
