import { hasDuplicates } from './duplicates';
import { isSameAssignment, type RoleAssignmentList } from './role-assignment-list';

/** Deleting a user is blocked while any duplicate is in the list: which row would go would be ambiguous. */
export function isRemoveUserBlocked(list: RoleAssignmentList): boolean {
  return hasDuplicates(list);
}

/**
 * Removes a user's assignment at an organisation: both roles are marked Deleted (specification,
 * section 4). Rows that were only added in this edit are dropped instead, as there is nothing saved to
 * delete. While the list has duplicates the removal is blocked and the list comes back unchanged; the UI
 * asks isRemoveUserBlocked to disable the button.
 */
export function removeUser(
  list: RoleAssignmentList,
  userId: string | number,
  organisationId: string | number,
): RoleAssignmentList {
  if (isRemoveUserBlocked(list)) return list;
  if (!list.rows.some((row) => isSameAssignment(row, userId, organisationId))) return list;
  const rows = list.rows.flatMap((row) => {
    if (!isSameAssignment(row, userId, organisationId)) return [row];
    if (row.state === 'new') return [];
    return [{ ...row, status: 'Deleted' as const, state: 'deleted' as const }];
  });
  return { rows, touched: true };
}
