import { describe, expect, it } from 'vitest';
import { makeUser, users } from '../../test/fixtures';
import { returnCrumbs } from './return-crumbs';

const place = { collectionId: 1, organisationId: 10, reportingPeriodId: 3, periodName: 'October 2026' };

describe('returnCrumbs: each person is led back to their own list, never to Forbidden', () => {
  it('leads the organisation’s clerks and authorisers to Submitter', () => {
    expect(returnCrumbs(users.submitter, place)).toEqual([{ text: 'Submitter', href: '/collection/submit' }]);
  });

  it("leads those who manage or monitor the collection, and administrators, to the period's monitoring", () => {
    const monitoring = [
      { text: 'Collections you manage', href: '/collection/manage' },
      { text: 'October 2026', href: '/collection/manage/reportingPeriod/3' },
    ];
    expect(returnCrumbs(users.manager, place)).toEqual(monitoring);
    const submissionManager = makeUser({ collectionRoles: [{ role: 'submissionManager', collectionId: 1 }] });
    expect(returnCrumbs(submissionManager, place)).toEqual(monitoring);
    expect(returnCrumbs(users.collectionAdmin, place)).toEqual(monitoring);
  });

  it('leads an NHSI user to the NHSI worklist', () => {
    expect(returnCrumbs(makeUser({ isManagementOrganisationUser: true }), place)).toEqual([
      { text: 'Waiting for NHSI authorisation', href: '/worklist/nhsiAuthorisation' },
    ]);
  });

  it('gives a clerk of another organisation, or a manager of another collection, nothing but Home', () => {
    expect(returnCrumbs(users.submitter, { ...place, organisationId: 11 })).toEqual([]);
    expect(returnCrumbs(users.manager, { ...place, collectionId: 2 })).toEqual([]);
  });
});
