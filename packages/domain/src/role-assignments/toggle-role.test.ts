import { describe, expect, it } from 'vitest';
import { assignUsers } from './assign-users';
import { createRoleAssignmentList, pendingRoleChanges } from './role-assignment-list';
import { heldRoles, toggleRole } from './toggle-role';

const trust = { organisationName: 'Leeds Teaching Hospitals NHS Trust', organisationId: 7 };
const alice = { userName: 'Alice Clerk', userId: 1, email: 'alice@nhs.net' };

const loaded = () =>
  createRoleAssignmentList([{ ...alice, ...trust, role: 'DataEntryClerk', status: 'New' }]);

describe('toggleRole', () => {
  it('gives a role the user does not hold as a New row', () => {
    const list = toggleRole(loaded(), 1, 7, 'Authoriser', true);
    expect(list.touched).toBe(true);
    expect(heldRoles(list, 1, 7)).toEqual(['DataEntryClerk', 'Authoriser']);
    expect(pendingRoleChanges(list).toCreate.map((row) => row.role)).toEqual(['Authoriser']);
  });

  it('taking a saved role marks it Deleted; giving it back restores it with nothing to save', () => {
    const taken = toggleRole(loaded(), 1, 7, 'DataEntryClerk', false);
    expect(taken.rows[0]).toMatchObject({ status: 'Deleted', state: 'deleted' });
    expect(heldRoles(taken, 1, 7)).toEqual([]);
    const back = toggleRole(taken, 1, 7, 'DataEntryClerk', true);
    expect(back.rows).toEqual([expect.objectContaining({ status: 'New', state: 'existing' })]);
    expect(pendingRoleChanges(back)).toEqual({ toCreate: [], toDelete: [] });
  });

  it('taking a role added in this edit drops the unsaved row', () => {
    const added = assignUsers(createRoleAssignmentList([]), [alice], trust);
    const list = toggleRole(added, 1, 7, 'Authoriser', false);
    expect(list.rows.map((row) => row.role)).toEqual(['DataEntryClerk']);
  });

  it('changes nothing for a user who is not listed at that organisation, or a role already in that state', () => {
    const list = loaded();
    expect(toggleRole(list, 2, 7, 'Authoriser', true)).toBe(list);
    expect(toggleRole(list, 1, 8, 'Authoriser', true)).toBe(list);
    expect(toggleRole(list, 1, 7, 'DataEntryClerk', true)).toBe(list);
  });
});
