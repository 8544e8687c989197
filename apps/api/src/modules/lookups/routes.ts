import { organisationTypeSchema, regionSchema, stpSchema } from '@dcf/domain';
import { z } from 'zod';
import { access } from '../../platform/policy';
import type { RouteModule } from '../../platform/route-module';
import { findOrganisationTypes, findRegions, findStps } from './queries';

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
    async () => findOrganisationTypes(db),
  );
  app.get(
    '/Region',
    { config: { access: access.signedIn }, schema: { tags, response: { 200: z.array(regionSchema) } } },
    async () => findRegions(db),
  );
  app.get(
    '/Stp',
    { config: { access: access.signedIn }, schema: { tags, response: { 200: z.array(stpSchema) } } },
    async () => findStps(db),
  );
};
