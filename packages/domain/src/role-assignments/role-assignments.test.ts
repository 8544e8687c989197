import { describe, expect, it } from 'vitest';
import { isOwnStaff } from '../role-integrity';
import { assignUsers } from './assign-users';
import { hasDuplicates, removeDuplicates } from './duplicates';
import { isRemoveUserBlocked, removeUser } from './remove-user';
import { createRoleAssignmentList, pendingRoleChanges, resetTouched } from './role-assignment-list';
import { heldRoles, toggleRole } from './toggle-role';

const leedsTrust = { organisationName: 'Leeds Teaching Hospitals NHS Trust', organisationId: 'org-rr8' };
const alice = { userName: 'Alice Clerk', userId: 'u-alice', email: 'alice@nhs.net' };
const bob = { userName: 'Bob Authoriser', userId: 'u-bob', email: 'bob@nhs.net' };

/** Alice already holds both roles at Leeds (as loaded from the server). */
function loaded() {
  return createRoleAssignmentList([
    { ...alice, ...leedsTrust, role: 'DataEntryClerk', status: 'New' },
    { ...alice, ...leedsTrust, role: 'Authoriser', status: 'New' },
  ]);
}

describe('role-assignment list', () => {
  it('loads rows as existing, not duplicate, untouched', () => {
    const list = loaded();
    expect(list.touched).toBe(false);
    expect(list.rows.map((row) => [row.role, row.state, row.isDuplicate])).toEqual([
      ['DataEntryClerk', 'existing', false],
      ['Authoriser', 'existing', false],
    ]);
  });

  it('assigning a user gives DataEntryClerk only, with status New: Authoriser is ticked on purpose', () => {
    const list = assignUsers(createRoleAssignmentList([]), [bob], leedsTrust);
    expect(list.touched).toBe(true);
    expect(list.rows).toEqual([
      { ...bob, ...leedsTrust, role: 'DataEntryClerk', status: 'New', state: 'new', isDuplicate: false },
    ]);
    const authoriser = toggleRole(list, 'u-bob', 'org-rr8', 'Authoriser', true);
    expect(heldRoles(authoriser, 'u-bob', 'org-rr8')).toEqual(['DataEntryClerk', 'Authoriser']);
  });

  it('adding a user already in the list marks the new row duplicate', () => {
    const list = assignUsers(loaded(), [alice, bob], leedsTrust);
    expect(list.rows.map((row) => [row.userId, row.role, row.state, row.isDuplicate])).toEqual([
      ['u-alice', 'DataEntryClerk', 'existing', false],
      ['u-alice', 'Authoriser', 'existing', false],
      ['u-alice', 'DataEntryClerk', 'new', true],
      ['u-bob', 'DataEntryClerk', 'new', false],
    ]);
  });

  it('the same user picked twice in one go is a duplicate too; another organisation is not', () => {
    const twice = assignUsers(createRoleAssignmentList([]), [bob, bob], leedsTrust);
    expect(twice.rows.map((row) => row.isDuplicate)).toEqual([false, true]);
    const elsewhere = assignUsers(loaded(), [alice], { organisationName: 'Other', organisationId: 'org-x' });
    expect(hasDuplicates(elsewhere)).toBe(false);
  });

  it('removal marks both roles Deleted', () => {
    const list = removeUser(loaded(), 'u-alice', 'org-rr8');
    expect(list.touched).toBe(true);
    expect(list.rows.map((row) => [row.role, row.status, row.state])).toEqual([
      ['DataEntryClerk', 'Deleted', 'deleted'],
      ['Authoriser', 'Deleted', 'deleted'],
    ]);
  });

  it('removing a user added in this edit drops the unsaved rows', () => {
    const list = removeUser(assignUsers(loaded(), [bob], leedsTrust), 'u-bob', 'org-rr8');
    expect(list.rows.map((row) => row.userId)).toEqual(['u-alice', 'u-alice']);
  });

  it('deleting a user is blocked while any duplicate is in the list', () => {
    const withDuplicate = assignUsers(loaded(), [alice, bob], leedsTrust);
    expect(isRemoveUserBlocked(withDuplicate)).toBe(true);
    expect(removeUser(withDuplicate, 'u-bob', 'org-rr8')).toBe(withDuplicate);
  });

  it('duplicates can be removed all at once, which unblocks deleting', () => {
    const cleared = removeDuplicates(assignUsers(loaded(), [alice, bob, alice], leedsTrust));
    expect(cleared.rows.map((row) => [row.userId, row.role, row.isDuplicate])).toEqual([
      ['u-alice', 'DataEntryClerk', false],
      ['u-alice', 'Authoriser', false],
      ['u-bob', 'DataEntryClerk', false],
    ]);
    expect(isRemoveUserBlocked(cleared)).toBe(false);
    expect(removeUser(cleared, 'u-bob', 'org-rr8').rows).toHaveLength(2);
  });

  it("re-adding a user removed in this edit restores the saved clerk's row instead of duplicating", () => {
    const restored = assignUsers(removeUser(loaded(), 'u-alice', 'org-rr8'), [alice], leedsTrust);
    expect(restored.rows.map((row) => [row.role, row.status, row.state, row.isDuplicate])).toEqual([
      ['DataEntryClerk', 'New', 'existing', false],
      ['Authoriser', 'Deleted', 'deleted', false],
    ]);
    // Safe by default: the Authoriser role comes back only when ticked again.
    expect(pendingRoleChanges(restored).toCreate).toEqual([]);
    expect(pendingRoleChanges(restored).toDelete.map((row) => row.role)).toEqual(['Authoriser']);
  });

  it('the touched flag can be reset', () => {
    const touched = assignUsers(loaded(), [bob], leedsTrust);
    const reset = resetTouched(touched);
    expect(reset.touched).toBe(false);
    expect(reset.rows).toBe(touched.rows);
  });

  it('a save sends new non-duplicate rows and deleted rows only', () => {
    const list = removeUser(
      removeDuplicates(assignUsers(loaded(), [bob, bob], leedsTrust)),
      'u-alice',
      'org-rr8',
    );
    const { toCreate, toDelete } = pendingRoleChanges(list);
    expect(toCreate.map((row) => [row.userId, row.role])).toEqual([['u-bob', 'DataEntryClerk']]);
    expect(toDelete.map((row) => [row.userId, row.role, row.status])).toEqual([
      ['u-alice', 'DataEntryClerk', 'Deleted'],
      ['u-alice', 'Authoriser', 'Deleted'],
    ]);
  });

  it('removing an unknown user changes nothing', () => {
    const list = loaded();
    expect(removeUser(list, 'u-nobody', 'org-rr8')).toBe(list);
    expect(removeDuplicates(list)).toBe(list);
  });
});

describe('role integrity in the role-assignment list (product decisions, Roles)', () => {
  const leedsWithCode = { ...leedsTrust, organisationCode: 'RR8' };

  it('gives own staff and someone from elsewhere the clerk’s role, marking the one from elsewhere', () => {
    const list = assignUsers(
      createRoleAssignmentList([]),
      [
        { ...alice, providerCode: 'rr8 ' },
        { ...bob, providerCode: '0DE' },
      ],
      leedsWithCode,
    );
    expect(list.rows.map((row) => [row.userId, row.role, row.isFromElsewhere])).toEqual([
      ['u-alice', 'DataEntryClerk', false],
      ['u-bob', 'DataEntryClerk', true],
    ]);
    expect(list.rows.some((row) => 'organisationCode' in row || 'providerCode' in row)).toBe(false);
  });

  it('never toggles the Authoriser role on for someone from elsewhere', () => {
    const list = assignUsers(createRoleAssignmentList([]), [{ ...bob, providerCode: null }], leedsWithCode);
    expect(toggleRole(list, 'u-bob', 'org-rr8', 'Authoriser', true)).toBe(list);
    expect(heldRoles(list, 'u-bob', 'org-rr8')).toEqual(['DataEntryClerk']);
  });

  it('knows own staff by ODS code, whatever the case and spaces; nobody without a code', () => {
    expect(isOwnStaff(' rj1', 'RJ1')).toBe(true);
    expect(isOwnStaff('RGT', 'RJ1')).toBe(false);
    expect(isOwnStaff(null, 'RJ1')).toBe(false);
    expect(isOwnStaff('', '')).toBe(false);
  });
});
