import { WORKLIST_LIMIT, type Worklist, type WorklistCounts, type WorklistKind } from '@dcf/domain';
import type { Db } from '../../db/database';
import { viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { presentItem } from './presenters';
import { countWorklist, listWorklist } from './queries';

const scopeOf = (principal: Principal, kind: WorklistKind) => ({
  viewer: viewerOf(principal),
  userId: principal.userId,
  providerCode: principal.providerCode,
  kind,
});

/** GET /View/Worklist/{kind}: the user's worklist (the route's rule decides who may ask for which). */
export async function getWorklist(
  db: Db,
  principal: Principal,
  kind: WorklistKind,
  now = new Date(),
): Promise<Worklist> {
  const rows = await listWorklist(db, scopeOf(principal, kind), now, WORKLIST_LIMIT);
  return {
    items: rows.map((row) => presentItem(row, kind, now)),
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
  };
}

const holdsAny = (principal: Principal, role: 'DataEntryClerk' | 'Authoriser' | null) =>
  [...principal.organisationRoles.values()].some((roles) =>
    role === null ? roles.size > 0 : roles.has(role),
  );

/**
 * GET /View/Worklist/Counts, for the landing page: a count for each worklist the user's roles give them
 * (authorisers sign off, management-organisation users authorise for NHSI, submitters get returns back);
 * null for the others, so the page offers only what applies.
 */
export async function getWorklistCounts(
  db: Db,
  principal: Principal,
  now = new Date(),
): Promise<WorklistCounts> {
  const count = (kind: WorklistKind, applies: boolean) =>
    applies ? countWorklist(db, scopeOf(principal, kind), now) : Promise.resolve(null);
  const [signOff, nhsiAuthorisation, returned] = await Promise.all([
    count('signOff', holdsAny(principal, 'Authoriser')),
    count('nhsiAuthorisation', principal.isManagementOrganisationUser),
    count('returned', holdsAny(principal, null)),
  ]);
  return { signOff, nhsiAuthorisation, returned };
}
