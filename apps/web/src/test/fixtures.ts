import {
  anonymousUser,
  type CollectionDto,
  type CurrentUser,
  type FeatureFlagName,
  featureFlagNames,
  type Organisation,
  type SavedRevision,
  type SubmissionView,
  type SubmitterReturn,
  type WorklistItem,
} from '@dcf/domain';
import type { DataQualityCheck, DataQualityContext } from '@dcf/domain/data-quality';
import type { FormComponent } from '@dcf/forms';
import { checkFields, compileCheck } from '@dcf/forms/data-quality/compile';
import { afterEach, beforeEach, vi } from 'vitest';

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

/**
 * A row of GET /Organisation: an open organisation, not a management one, with no region, type or
 * successor unless `overrides` gives them (odsStatus left out, as the API's older rows have it).
 */
export function organisationRow(
  id: number,
  name: string,
  code: string,
  overrides: Partial<Organisation> = {},
): Omit<Organisation, 'odsStatus'> {
  return {
    id,
    name,
    code,
    isManagementOrg: false,
    regionId: null,
    organisationTypeId: null,
    successorId: null,
    closureDate: null,
    isOpen: true,
    region: null,
    organisationType: null,
    ...overrides,
  };
}

/**
 * GET /Collection/1 for a manager: a draft collection, no authorisation required, that the manager may
 * amend, delete, publish and monitor. `abilities` overrides merge with those.
 */
export function collectionDto(
  overrides: Partial<Omit<CollectionDto, 'abilities'>> & {
    abilities?: Partial<CollectionDto['abilities']>;
  } = {},
): CollectionDto {
  const { abilities, ...rest } = overrides;
  return {
    id: 1,
    name: 'Bed availability',
    notes: null,
    assetOwners: null,
    users: null,
    isEmailEnabled: false,
    iconName: null,
    trustAuthorisation: 'notRequired',
    nhsiAuthorisation: 'notRequired',
    fileType: null,
    period: 'financialYear',
    isExcelTemplateEnabled: false,
    status: 'draft',
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    ...rest,
    abilities: {
      canAmend: true,
      canDelete: true,
      canPublish: true,
      canArchive: false,
      canMonitor: true,
      ...abilities,
    },
  };
}

/** A Form.io radio question answered Yes ('yes') or No ('no'). */
export const yesNoRadio = (key: string, label: string): FormComponent => ({
  type: 'radio',
  key,
  label,
  values: [
    { label: 'Yes', value: 'yes' },
    { label: 'No', value: 'no' },
  ],
  input: true,
});

/** GET /FeatureFlag: every flag off but those named. */
export const featureFlags = (...on: FeatureFlagName[]): Record<FeatureFlagName, boolean> =>
  Object.fromEntries(featureFlagNames.map((name) => [name, on.includes(name)])) as Record<
    FeatureFlagName,
    boolean
  >;

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}

/** The API's 404 with an empty body: a stubApi fallback where other calls may happen and are not found. */
export const notFound = (): Response => jsonResponse({}, 404);

/** The API's 400 for a refused write: validation_failed with messages by field. */
export function validationProblem(errors: Record<string, string[]>, title = 'Bad Request'): Response {
  return jsonResponse({ code: 'validation_failed', title, status: 400, errors }, 400);
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

/** GET .../Submission for Trust A (RJ1, organisation 10), collection 1, period 3: a draft the user may edit. */
export function submissionView(overrides: Partial<SubmissionView> = {}): SubmissionView {
  return {
    submissionId: 5,
    collectionId: 1,
    collectionName: 'Monthly workforce return',
    reportingPeriodId: 3,
    organisationId: 10,
    organisationName: 'Trust A',
    organisationCode: 'RJ1',
    status: 'draft',
    content: JSON.stringify({ headcount: 12 }),
    completedPages: [],
    currentRevisionId: 40,
    officialRevisionId: null,
    form: {
      id: 2,
      definition: {
        display: 'form',
        components: [{ type: 'number', key: 'headcount', label: 'Headcount', input: true }],
      },
    },
    period: {
      id: 3,
      name: 'October 2026',
      start: '2026-10-01',
      end: '2026-10-31',
      reportingPeriodStatus: 'Open',
      submissionsOpen: '2026-11-01T00:00:00Z',
      submissionsClose: '2026-12-01T00:00:00Z',
      submissionsReopen: null,
      submissionsReclose: null,
    },
    isLocked: false,
    lockedBy: null,
    lockedOn: null,
    lockExpiresAt: null,
    lockedByMe: false,
    canEdit: true,
    canSubmit: true,
    readOnlyReason: null,
    readOnlyCode: null,
    canReleaseLock: false,
    canSendForSignOff: false,
    canSendBack: false,
    canReturn: false,
    canReopen: false,
    canDeleteRevisions: false,
    canAuthoriseNhsi: false,
    canChangeRules: false,
    sentForSignOff: null,
    sentBack: null,
    isTrustAuthorisationRequired: false,
    isNhsiAuthorisationRequired: false,
    awaitingNhsiAuthorisation: false,
    nhsiAuthorisedBy: null,
    nhsiAuthorisedAt: null,
    returned: null,
    reopenedUntil: null,
    submittedBy: null,
    submittedAt: null,
    submissionRevisions: [],
    ...overrides,
  };
}

/**
 * Stubs fetch with `answer`, which sees each call's URL as the client wrote it (with /v1/api and the query
 * string) and its init; a call it leaves unanswered gets a 404 Not found. Returns the mock, whose calls
 * a test reads. (stubApi is the same with handlers keyed by method and path.)
 */
export function stubFetch(answer: (url: string, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(
    async (url: string, init?: RequestInit) =>
      answer(url, init) ?? jsonResponse({ title: 'Not found', status: 404 }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A call the fake API saw: 'METHOD /path' (after /v1/api, no query string), its URL and its JSON body. */
export interface ApiCall {
  key: string;
  url: URL;
  body: unknown;
}

/**
 * Stubs fetch with handlers keyed 'METHOD /path' (the path after /v1/api, no query string). A call no
 * handler names goes to `fallback`; if that answers nothing, it is a 500 naming the call, so a test
 * sees a request it did not expect. Returns the calls made, in order.
 */
export function stubApi(
  handlers: Record<string, (url: URL) => Response>,
  fallback: (key: string) => Response | undefined = () => undefined,
): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace('/v1/api', '')}`;
    calls.push({ key, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[key];
    return (
      (handler ? handler(url) : fallback(key)) ??
      jsonResponse({ title: `unexpected ${key}`, status: 500 }, 500)
    );
  };
  vi.stubGlobal('fetch', vi.fn(fetch));
  return calls;
}

/** A clerk's view of a return only an authoriser may submit (trust authorisation is required). */
export const onlyAuthoriserSubmits = {
  canSubmit: false,
  readOnlyReason: 'Only an authoriser can submit this return',
  readOnlyCode: 'authoriser_required',
} satisfies Partial<SubmissionView>;

/**
 * stubApi handlers for a return opened for editing: GET .../Submission answers `view`, and taking the
 * lock answers it locked by this user.
 */
export function openedForEditing(view: SubmissionView): Record<string, () => Response> {
  const page = `/Collection/${view.collectionId}/ReportingPeriod/${view.reportingPeriodId}/Organisation/${view.organisationId}/Submission`;
  return {
    [`GET ${page}`]: () => jsonResponse(view),
    [`POST ${page}/Lock`]: () => jsonResponse({ ...view, isLocked: true, lockedByMe: true }),
  };
}

/** Collection 1's October 2026 return of Trust A (RJ1, organisation 10), as list rows name it. */
const octoberAtTrustA = {
  collection: { id: 1, name: 'Monthly workforce return' },
  organisation: { id: 10, name: 'Trust A', code: 'RJ1' },
  period: { id: 3, name: 'October 2026' },
};

/** A row of GET /View/Submitter/Returns: Trust A's (RJ1, organisation 10) open draft for October 2026. */
export function submitterReturn(overrides: Partial<SubmitterReturn> = {}): SubmitterReturn {
  return {
    ...octoberAtTrustA,
    windowStatus: 'Open',
    status: 'draft',
    displayState: 'Open',
    deadline: '2026-12-01T00:00:00Z',
    deadlineText: 'closes in 3 days',
    returned: false,
    action: 'continue',
    ...overrides,
  };
}

/** A row of a worklist (GET /View/Worklist/...): submission 5, Trust A's October 2026 return. */
export function worklistItem(overrides: Partial<WorklistItem> = {}): WorklistItem {
  return {
    submissionId: 5,
    ...octoberAtTrustA,
    changedAt: '2026-11-10T10:00:00Z',
    changedBy: 'Alex Smith',
    deadline: '2026-12-01T00:00:00Z',
    returnedReason: null,
    ...overrides,
  };
}

/** A change rule on headcount (more than 50% from last month's 100): the return's 12 is queried. */
export function qualityContext(explanation: string | null = null): DataQualityContext {
  const check: DataQualityCheck = { kind: 'change', field: 'headcount', percent: 50, amount: null };
  const rule = {
    id: 'r1',
    name: 'Headcount change',
    severity: 'warning' as const,
    message: 'Headcount changed a lot since last month',
    check,
    fields: checkFields(check),
    logic: compileCheck(check),
  };
  return {
    rules: [rule],
    previous: { periodName: 'September 2026', answers: { headcount: 100 } },
    stats: {},
    statsPeriodName: null,
    findings: explanation
      ? [
          {
            ruleId: 'r1',
            name: rule.name,
            severity: 'warning',
            message: rule.message,
            fields: ['headcount'],
            explanation,
          },
        ]
      : [],
  };
}

/**
 * Plays the server's part in CSRF for a file's tests: each test starts with the XSRF-TOKEN cookie
 * 'csrf-1' (what the client sends back in X-XSRF-TOKEN) and ends with it cleared.
 */
export function withCsrfCookie(): void {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie; the test plays the server.
    document.cookie = 'XSRF-TOKEN=csrf-1; path=/';
  });
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clears the test cookie.
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
}
