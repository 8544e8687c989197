import { describe, expect, it } from 'vitest';
import { users } from '../test/fixtures';
import { canOpen } from './access';
import { paths } from './paths';

describe('canOpen (client-side guards)', () => {
  it.each([
    ['anonymous', users.anonymous, { signedIn: false, submitter: false, manager: false, admin: false }],
    ['no role', users.none, { signedIn: true, submitter: false, manager: false, admin: false }],
    ['submitter', users.submitter, { signedIn: true, submitter: true, manager: false, admin: false }],
    ['manager', users.manager, { signedIn: true, submitter: false, manager: true, admin: false }],
    [
      'collection admin',
      users.collectionAdmin,
      { signedIn: true, submitter: false, manager: true, admin: true },
    ],
    ['super admin', users.superAdmin, { signedIn: true, submitter: false, manager: true, admin: true }],
  ] as const)('%s', (_who, user, expected) => {
    expect({
      signedIn: canOpen(user, 'signedIn'),
      submitter: canOpen(user, 'submitter'),
      manager: canOpen(user, 'manager'),
      admin: canOpen(user, 'admin'),
    }).toEqual(expected);
  });
});

describe('paths', () => {
  it('builds the specification routes, leaving out optional segments', () => {
    expect(paths.amendCollection(4)).toBe('/collection/amend/4');
    expect(paths.amendCollection(4, 'default-schedule')).toBe('/collection/amend/4/default-schedule');
    expect(paths.schedule(4)).toBe('/schedule/4');
    expect(paths.schedule(4, 'edit')).toBe('/schedule/4/edit');
    expect(paths.editOrganisation()).toBe('/organisation/manage/edit');
    expect(paths.editOrganisation(9)).toBe('/organisation/manage/edit/9');
    expect(paths.reportingPeriods(4)).toBe('/collection/4/reportingPeriod');
    expect(paths.reportingPeriods(4, 7, true)).toBe('/collection/4/reportingPeriod/7/true');
    expect(paths.form(4, 9)).toBe('/form/collection/4/organisation/9/reportingPeriod');
    expect(paths.form(4, 9, 7)).toBe('/form/collection/4/organisation/9/reportingPeriod/7');
    expect(paths.managerReportingPeriod(7)).toBe('/collection/manage/reportingPeriod/7');
    expect(paths.submitterAccess(4)).toBe('/collection/manage/submitterAccess/4');
    expect(paths.collectionOrganisations(4)).toBe('/manage/collection/4/organisations');
  });
});
