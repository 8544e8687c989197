import type { z } from 'zod';
import type { listItemState, OrganisationRole, organisationRoleStatus } from '../enums';

/** One row of the submitter role-assignment list (specification sections 3 and 4). */
export interface RoleAssignmentRow {
  userName: string;
  userId: string | number;
  email: string;
  organisationName: string;
  organisationId: string | number;
  role: OrganisationRole;
  status: z.infer<typeof organisationRoleStatus>;
  isDuplicate: boolean;
  /** The user's organisation is another one than this row's: a clerk from elsewhere, never an authoriser. */
  isFromElsewhere?: boolean;
  /** Against what is saved: loaded from the server, added in this edit, or marked for deletion. */
  state: z.infer<typeof listItemState>;
}

/** The list being edited, with `touched` set by every change until a save resets it. */
export interface RoleAssignmentList {
  rows: RoleAssignmentRow[];
  touched: boolean;
}

export type SavedRoleAssignment = Omit<RoleAssignmentRow, 'isDuplicate' | 'state'>;

/** The list as loaded: every row existing, none duplicate, untouched. */
export function createRoleAssignmentList(saved: readonly SavedRoleAssignment[]): RoleAssignmentList {
  return { rows: saved.map((row) => ({ ...row, isDuplicate: false, state: 'existing' })), touched: false };
}

/** The same user at the same organisation: rows that two roles of one assignment share. */
export function isSameAssignment(
  row: Pick<RoleAssignmentRow, 'userId' | 'organisationId'>,
  userId: string | number,
  organisationId: string | number,
): boolean {
  return String(row.userId) === String(userId) && String(row.organisationId) === String(organisationId);
}

/** After a save the list is clean again. */
export function resetTouched(list: RoleAssignmentList): RoleAssignmentList {
  return { ...list, touched: false };
}

/**
 * What a save must send: rows to create (new, not duplicates) and rows to delete (existing rows marked
 * Deleted). Duplicates are never sent; the UI makes the manager remove them first.
 */
export function pendingRoleChanges(list: RoleAssignmentList): {
  toCreate: RoleAssignmentRow[];
  toDelete: RoleAssignmentRow[];
} {
  return {
    toCreate: list.rows.filter((row) => row.state === 'new' && !row.isDuplicate),
    toDelete: list.rows.filter((row) => row.state === 'deleted'),
  };
}
