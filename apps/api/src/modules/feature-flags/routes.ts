import { featureFlagNames } from '@dcf/domain';
import { z } from 'zod';
import { getFeatureFlags } from '../../platform/feature-flags';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { setFeatureFlag } from './service';

const flagsSchema = z.object(
  Object.fromEntries(featureFlagNames.map((n) => [n, z.boolean()])) as Record<
    (typeof featureFlagNames)[number],
    z.ZodBoolean
  >,
);

export const featureFlagRoutes: RouteModule = (app, { database, config }) => {
  app.get(
    '/FeatureFlag',
    {
      config: { access: access.signedIn },
      schema: { tags: ['Feature flags'], response: { 200: flagsSchema } },
    },
    async () => getFeatureFlags(database.db, config),
  );

  app.put(
    '/FeatureFlag/:name',
    {
      config: { access: access.superAdmin },
      schema: {
        tags: ['Feature flags'],
        params: z.object({ name: z.enum(featureFlagNames) }),
        body: z.object({ enabled: z.boolean() }),
        response: { 200: flagsSchema },
      },
    },
    async (request) => {
      await setFeatureFlag(
        database.db,
        principalOf(request).userId,
        request.params.name,
        request.body.enabled,
        request.id,
      );
      return getFeatureFlags(database.db, config);
    },
  );
};
