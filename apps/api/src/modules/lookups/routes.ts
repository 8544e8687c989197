import { organisationTypeSchema, regionSchema, stpSchema } from '@dcf/domain';
import { z } from 'zod';
import type { RouteModule } from '../../app';
import { access } from '../../platform/policy';

const tags = ['Lookups'];

/** GET /OrganisationType, /Region, /Stp: reference lists for every signed-in user, in a stable order. */
export const lookupRoutes: RouteModule = (app, { database }) => {
  const { db } = database;
  app.get(
    '/OrganisationType',
    {
      config: { access: access.signedIn },
      schema: { tags, response: { 200: z.array(organisationTypeSchema) } },
    },
    async () =>
      db
        .selectFrom('organisationType')
        .select(['id', 'code', 'shortDescription', 'longDescription'])
        .orderBy('longDescription')
        .execute(),
  );
  app.get(
    '/Region',
    { config: { access: access.signedIn }, schema: { tags, response: { 200: z.array(regionSchema) } } },
    async () => db.selectFrom('region').select(['id', 'code', 'name']).orderBy('name').execute(),
  );
  app.get(
    '/Stp',
    { config: { access: access.signedIn }, schema: { tags, response: { 200: z.array(stpSchema) } } },
    async () => db.selectFrom('stp').select(['id', 'code', 'name', 'regionId']).orderBy('name').execute(),
  );
};
