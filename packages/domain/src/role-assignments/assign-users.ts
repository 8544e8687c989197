import { isOwnStaff } from '../role-integrity';
import { isSameAssignment, type RoleAssignmentList, type RoleAssignmentRow } from './role-assignment-list';

export interface AssignableUser {
  userName: string;
  userId: string | number;
  email: string;
  /** The user's organisation (ODS code), when known. */
  providerCode?: string | null;
}

export interface AssignableOrganisation {
  organisationName: string;
  organisationId: string | number;
  /** The organisation's ODS code, when known: decides who counts as its own staff. */
  organisationCode?: string;
}

/**
 * Adds users to the list at an organisation, safe by default (product decisions, "The return between
 * people"; decision 0037): each user gets the DataEntryClerk row only, with status New. The manager ticks
 * Authoriser afterwards for whoever must sign returns off; the specification's "both roles" pre-ticked
 * the power to submit for everyone picked. A user from another organisation (their ODS code is not the
 * organisation's) is marked `isFromElsewhere`: the Authoriser role stays for the organisation's own
 * staff (product decisions, "Roles").
 *
 * A user who is a clerk there already (a row not marked Deleted, including one added earlier in the
 * same call) is still added, flagged `isDuplicate`, so the manager sees what they picked twice and can
 * clear all duplicates at once. A clerk's row marked Deleted in this edit is restored instead of being
 * added again: the manager has changed their mind, and nothing needs saving for it (an Authoriser row
 * removed with it stays removed until ticked again).
 */
export function assignUsers(
  list: RoleAssignmentList,
  users: readonly AssignableUser[],
  organisation: AssignableOrganisation,
): RoleAssignmentList {
  const rows = [...list.rows];
  const { organisationCode, ...where } = organisation;
  const role = 'DataEntryClerk';
  for (const { providerCode, ...user } of users) {
    const isFromElsewhere = organisationCode !== undefined && !isOwnStaff(providerCode, organisationCode);
    const matches = (row: RoleAssignmentRow) =>
      row.role === role && isSameAssignment(row, user.userId, where.organisationId);
    const deletedIndex = rows.findIndex((row) => matches(row) && row.state === 'deleted');
    const current = rows[deletedIndex];
    if (current && !rows.some((row) => matches(row) && row.status !== 'Deleted')) {
      rows[deletedIndex] = { ...current, status: 'New', state: 'existing' };
      continue;
    }
    rows.push({
      ...user,
      ...where,
      ...(organisationCode === undefined ? {} : { isFromElsewhere }),
      role,
      status: 'New',
      state: 'new',
      isDuplicate: rows.some((row) => matches(row) && row.status !== 'Deleted'),
    });
  }
  return { rows, touched: true };
}
