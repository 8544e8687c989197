import { isOwnStaff } from '../role-integrity';
import {
  assignedRoles,
  isSameAssignment,
  type RoleAssignmentList,
  type RoleAssignmentRow,
} from './role-assignment-list';

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
 * Adds users to the list at an organisation. Each user gets both DataEntryClerk and Authoriser rows with
 * status New (specification, section 4); a user from another organisation (their ODS code is not the
 * organisation's) gets only the DataEntryClerk row, marked `isFromElsewhere`, as the Authoriser role is
 * for the organisation's own staff (product decisions, "Roles").
 *
 * A role the user already holds there (a row not marked Deleted, including one added earlier in the
 * same call) is still added, flagged `isDuplicate`, so the manager sees what they picked twice and can
 * clear all duplicates at once. A role that was marked Deleted in this edit is restored instead of being
 * added again: the manager has changed their mind, and nothing needs saving for it.
 */
export function assignUsers(
  list: RoleAssignmentList,
  users: readonly AssignableUser[],
  organisation: AssignableOrganisation,
): RoleAssignmentList {
  const rows = [...list.rows];
  const { organisationCode, ...where } = organisation;
  for (const { providerCode, ...user } of users) {
    const isFromElsewhere = organisationCode !== undefined && !isOwnStaff(providerCode, organisationCode);
    for (const role of isFromElsewhere ? (['DataEntryClerk'] as const) : assignedRoles) {
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
  }
  return { rows, touched: true };
}
