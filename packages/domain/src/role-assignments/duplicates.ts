import type { RoleAssignmentList } from './role-assignment-list';

export function hasDuplicates(list: RoleAssignmentList): boolean {
  return list.rows.some((row) => row.isDuplicate);
}

/** Clears every duplicate row at once; the original assignments they repeated stay. */
export function removeDuplicates(list: RoleAssignmentList): RoleAssignmentList {
  if (!hasDuplicates(list)) return list;
  return { rows: list.rows.filter((row) => !row.isDuplicate), touched: true };
}
