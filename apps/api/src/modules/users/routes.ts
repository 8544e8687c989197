import {
  administratorListSchema,
  administratorUpdateSchema,
  anonymousUser,
  currentUserSchema,
  idParam,
  preRegisterUserSchema,
  userActiveSchema,
  userListSchema,
  userRoleChangeSchema,
  userRolesSchema,
  userRowSchema,
  userSearchQuerySchema,
} from '@dcf/domain';
import { z } from 'zod';
import { getFeatureFlags } from '../../platform/feature-flags';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { changeUserRole, getUserRoles, setUserActive } from './roles-service';
import {
  currentUser,
  listCollectionAdministrators,
  preRegisterUser,
  searchUserDirectory,
  setCollectionAdministrator,
} from './service';

const userParams = z.object({ id: idParam });

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
      if (!request.principal) return anonymousUser;
      // A personal access token's user (decision 0039) has no session to expire.
      const idleExpiresAt = request.session?.idleExpiresAt ?? null;
      const flags = await getFeatureFlags(db, config);
      return currentUser(db, request.principal, flags.SESSIONMANAGEMENT ? idleExpiresAt : null);
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
    async (request) => searchUserDirectory(db, principalOf(request), request.query),
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
    async () => listCollectionAdministrators(db),
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

  // Users and roles (decision 0020): administrators see and change every role one user holds.
  app.get(
    '/User/:id/Roles',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Users'],
        summary: 'One user with every role they hold (system, collection, organisation) and the audit trail',
        params: userParams,
        response: { 200: userRolesSchema },
      },
    },
    async (request) => getUserRoles(db, request.params.id),
  );

  app.put(
    '/User/:id/Role',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Users'],
        summary:
          'Gives or takes away one role (never one’s own; Authoriser only for the organisation’s staff)',
        params: userParams,
        body: userRoleChangeSchema,
        response: { 200: userRolesSchema },
      },
    },
    async (request) => changeUserRole(db, principalOf(request), request.params.id, request.body, request.id),
  );

  app.put(
    '/User/:id/Active',
    {
      config: { access: access.admin },
      schema: {
        tags: ['Users'],
        summary: 'Deactivates (no sign-in, sessions ended) or reactivates a user',
        params: userParams,
        body: userActiveSchema,
        response: { 200: userRolesSchema },
      },
    },
    async (request) => setUserActive(db, principalOf(request), request.params.id, request.body, request.id),
  );
};
