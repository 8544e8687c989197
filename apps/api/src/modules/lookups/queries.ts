import type { Db } from '../../db/database';

/** Reference lists, each in a stable order for dropdowns. */
export const findOrganisationTypes = (db: Db) =>
  db
    .selectFrom('organisationType')
    .select(['id', 'code', 'shortDescription', 'longDescription'])
    .orderBy('longDescription')
    .execute();

export const findRegions = (db: Db) =>
  db.selectFrom('region').select(['id', 'code', 'name']).orderBy('name').execute();

export const findStps = (db: Db) =>
  db.selectFrom('stp').select(['id', 'code', 'name', 'regionId']).orderBy('name').execute();
