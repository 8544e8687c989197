import { londonToday, messages, type OrganisationValues } from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, validationProblem } from '../../platform/errors';
import { presentOrganisation } from './presenters';
import {
  findOrganisation,
  findOrganisationIdByCode,
  insertOrganisation,
  lockOrganisationValues,
  organisationsChanged,
  organisationTypeExists,
  regionExists,
  updateOrganisationRow,
} from './queries';

export const DUPLICATE_CODE = 'An organisation with this code already exists';

interface Actor {
  userId: number;
  requestId: string;
}

/** Region and type must name existing lookups: an unknown id reads like an unanswered dropdown. */
async function checkLookups(tx: Tx, values: OrganisationValues) {
  const errors: Record<string, string[]> = {};
  if (values.regionId !== null && !(await regionExists(tx, values.regionId)))
    errors.regionId = [messages.selectAnOption];
  if (values.organisationTypeId !== null && !(await organisationTypeExists(tx, values.organisationTypeId)))
    errors.organisationTypeId = [messages.selectAnOption];
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function createOrganisation(db: Db, actor: Actor, values: OrganisationValues) {
  try {
    const id = await db.transaction().execute(async (tx) => {
      await checkLookups(tx, values);
      if (await findOrganisationIdByCode(tx, values.code)) throw conflict('already_exists', DUPLICATE_CODE);
      const row = await insertOrganisation(tx, values);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'organisation.create',
        entityType: 'organisation',
        entityId: row.id,
        organisationId: row.id,
        after: values,
        requestId: actor.requestId,
      });
      return row.id;
    });
    organisationsChanged(db);
    return presentOrganisation((await findOrganisation(db, id))!, londonToday());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_exists', DUPLICATE_CODE);
    throw error;
  }
}

export async function updateOrganisation(db: Db, actor: Actor, id: number, values: OrganisationValues) {
  try {
    await db.transaction().execute(async (tx) => {
      const before = await lockOrganisationValues(tx, id);
      if (!before) throw notFound();
      await checkLookups(tx, values);
      const sameCode = await findOrganisationIdByCode(tx, values.code);
      if (sameCode !== null && sameCode !== id) throw conflict('already_exists', DUPLICATE_CODE);
      await updateOrganisationRow(tx, id, values);
      await writeAudit(tx, {
        userId: actor.userId,
        action: 'organisation.update',
        entityType: 'organisation',
        entityId: id,
        organisationId: id,
        before,
        after: values,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_exists', DUPLICATE_CODE);
    throw error;
  }
  organisationsChanged(db);
  return presentOrganisation((await findOrganisation(db, id))!, londonToday());
}
