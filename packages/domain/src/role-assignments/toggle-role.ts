import type { OrganisationRole } from '../enums';
import { isSameAssignment, type RoleAssignmentList, type RoleAssignmentRow } from './role-assignment-list';

/** The roles a user will hold at an organisation once the list is saved (duplicates never count). */
export function heldRoles(
  list: RoleAssignmentList,
  userId: string | number,
  organisationId: string | number,
): OrganisationRole[] {
  return list.rows
    .filter(
      (row) => isSameAssignment(row, userId, organisationId) && row.status !== 'Deleted' && !row.isDuplicate,
    )
    .map((row) => row.role);
}

/**
 * Gives or takes one role of a user at an organisation (the submitter access screen's toggles), with
 * the same bookkeeping as assigning and removing: taking a saved role marks it Deleted, taking a role
 * added in this edit drops it, giving back a role marked Deleted restores it, and giving a new role adds
 * a New row. The user must already be in the list at that organisation; otherwise nothing changes. A
 * user from another organisation is never given the Authoriser role (product decisions, "Roles").
 */
export function toggleRole(
  list: RoleAssignmentList,
  userId: string | number,
  organisationId: string | number,
  role: OrganisationRole,
  give: boolean,
): RoleAssignmentList {
  const sibling = list.rows.find((row) => isSameAssignment(row, userId, organisationId) && !row.isDuplicate);
  if (!sibling || heldRoles(list, userId, organisationId).includes(role) === give) return list;
  if (give && role === 'Authoriser' && sibling.isFromElsewhere) return list;
  const matches = (row: RoleAssignmentRow) =>
    row.role === role && !row.isDuplicate && isSameAssignment(row, userId, organisationId);
  if (!give) {
    const rows = list.rows.flatMap((row) => {
      if (!matches(row) || row.status === 'Deleted') return [row];
      if (row.state === 'new') return [];
      return [{ ...row, status: 'Deleted' as const, state: 'deleted' as const }];
    });
    return { rows, touched: true };
  }
  const deletedIndex = list.rows.findIndex((row) => matches(row) && row.state === 'deleted');
  const deleted = list.rows[deletedIndex];
  if (deleted) {
    const rows = [...list.rows];
    rows[deletedIndex] = { ...deleted, status: 'New', state: 'existing' };
    return { rows, touched: true };
  }
  return {
    rows: [...list.rows, { ...sibling, role, status: 'New', state: 'new', isDuplicate: false }],
    touched: true,
  };
}
