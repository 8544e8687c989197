import { anonymousUser, type CurrentUser, type SavedRevision } from '@dcf/domain';

/** Current users for each role, as GET /User/Current returns them. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    ...anonymousUser,
    isAuthenticated: true,
    idpId: 'idp-1',
    email: 'alex.smith@nhs.net',
    name: 'Alex Smith',
    providerCode: 'RJ1',
    organisation: "Guy's and St Thomas' NHS Foundation Trust",
    jobTitle: 'Analyst',
    ...overrides,
  };
}

export const users = {
  anonymous: anonymousUser,
  none: makeUser(),
  submitter: makeUser({
    isCollectionSubmitter: true,
    collectionOrganisationRoles: [{ role: 'DataEntryClerk', collectionId: 1, organisationId: 10 }],
  }),
  manager: makeUser({
    isCollectionManager: true,
    collectionRoles: [{ role: 'collectionManager', collectionId: 1 }],
  }),
  collectionAdmin: makeUser({ isCollectionAdmin: true, isNominatedCollectionAdministrator: true }),
  superAdmin: makeUser({ isSuperAdmin: true, systemRoles: [{ role: 'superAdmin' }] }),
  everything: makeUser({
    isCollectionSubmitter: true,
    isCollectionManager: true,
    isSuperAdmin: true,
    systemRoles: [{ role: 'superAdmin' }],
  }),
} satisfies Record<string, CurrentUser>;

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}

/** What POST /Submission/5/SubmissionRevision answers: a draft saved as revision 41 (`id` names another). */
export function savedRevision(overrides: Partial<SavedRevision> & { id?: number } = {}): SavedRevision {
  const { id = 41, ...rest } = overrides;
  const status = rest.status ?? 'draft';
  return {
    submissionId: 5,
    status,
    currentRevisionId: id,
    officialRevisionId: status === 'completed' ? id : null,
    content: '{"headcount":12}',
    completedPages: [],
    lockExpiresAt: '2026-11-10T10:20:00.000Z',
    revision: {
      id,
      createdAt: '2026-11-10T10:00:00.000Z',
      createdBy: { id: 1, name: 'Alex Smith' },
      status,
      isOfficial: status === 'completed',
      isDeleted: false,
    },
    sentForSignOff: null,
    sentBack: null,
    ...rest,
  };
}
