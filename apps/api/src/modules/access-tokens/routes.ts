import {
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
  idParam,
} from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { createAccessToken, listAccessTokens, revokeAccessToken } from './service';

const tags = ['Access tokens'];
const PATH = '/User/Current/AccessToken';

/** The signed-in user's personal access tokens (decision 0039); a token never reaches these. */
export const accessTokenRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    PATH,
    {
      config: { access: access.ownAccountSession },
      schema: {
        tags,
        summary: 'Your personal access tokens (not revoked; expired ones too)',
        response: { 200: accessTokenListSchema },
      },
    },
    async (request) => listAccessTokens(db, principalOf(request).userId),
  );

  app.post(
    PATH,
    {
      config: { access: access.ownAccountSession },
      schema: {
        tags,
        summary: 'Creates a personal access token: its secret is in this answer and never again',
        description:
          'scope `read` (GET and HEAD only) or `submit` (lock, save and submit returns, the bulk call); ' +
          '`collectionId` limits it to one collection; `expires` (yyyy-MM-dd, after today, within a year): ' +
          'the token works until that day ends, UK time.',
        body: createAccessTokenSchema,
        response: { 201: createdAccessTokenSchema },
      },
    },
    async (request, reply) => {
      const created = await createAccessToken(db, principalOf(request), request.body, request.id);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    `${PATH}/:id`,
    {
      config: { access: access.ownAccountSession },
      schema: { tags, summary: 'Revokes one of your tokens at once', params: z.object({ id: idParam }) },
    },
    async (request, reply) => {
      await revokeAccessToken(db, principalOf(request).userId, request.params.id, request.id);
      return reply.status(204).send();
    },
  );
};
