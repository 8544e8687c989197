/**
 * Every screen's path (specification, section 2) in one place: `route` patterns for the router and
 * builders for links, so a path is spelled once.
 */
type Id = string | number;

function optional(...segments: (Id | undefined | null | false)[]): string {
  return segments
    .filter((s) => s !== undefined && s !== null && s !== false && s !== '')
    .map((s) => `/${encodeURIComponent(String(s))}`)
    .join('');
}

export const paths = {
  landing: '/',
  submitterHome: '/collection/submit',
  managerHome: '/collection/manage',
  adminHome: '/collection/admin',
  userSettings: '/user/settings',
  /** Ours: the signed-in user's personal access tokens (decision 0039), from the header's account area. */
  accessTokens: '/user/accessTokens',
  adminManageCollections: '/collection/admin/manage',
  adminSubmissions: '/collection/admin/submissions',
  hiddenCollections: '/collection/admin/hidden',
  /** Ours (not in the specification): the audit log search and the email outbox, for administrators. */
  adminAuditLog: '/collection/admin/audit',
  adminOutbox: '/collection/admin/outbox',
  /** Ours: users and roles, and the feature flags, for administrators. */
  adminUsers: '/collection/admin/users',
  adminFeatureFlags: '/collection/admin/featureFlags',
  /** Ours: the worklists (waiting for sign-off, for NHSI authorisation, returned for correction). */
  worklistSignOff: '/worklist/signOff',
  worklistNhsi: '/worklist/nhsiAuthorisation',
  worklistReturned: '/worklist/returned',
  /** Ours: the accessibility statement, open to everyone. */
  accessibility: '/accessibility',
  createCollection: '/collection/create',
  organisations: '/organisation',
  error: '/error',
  health: '/health',
  logout: '/logout',
  endSession: '/endSession',

  /** `tab`: overview, organisations, preview, form, excelTemplate, schedule, default-schedule, permissions. */
  amendCollection: (collectionId: Id, tab?: string) => `/collection/amend/${collectionId}${optional(tab)}`,
  managerReportingPeriod: (id: Id) => `/collection/manage/reportingPeriod/${id}`,
  submitterAccess: (collectionId: Id) => `/collection/manage/submitterAccess/${collectionId}`,
  schedule: (collectionId: Id, action?: string) => `/schedule/${collectionId}${optional(action)}`,
  editOrganisation: (organisationId?: Id) => `/organisation/manage/edit${optional(organisationId)}`,
  reportingPeriods: (collectionId: Id, id?: Id, isManager?: boolean) =>
    `/collection/${collectionId}/reportingPeriod${optional(id, isManager === undefined ? undefined : String(isManager))}`,
  form: (collectionId: Id, organisationId: Id, reportingPeriodId?: Id) =>
    `/form/collection/${collectionId}/organisation/${organisationId}/reportingPeriod${optional(reportingPeriodId)}`,
  /** Check your answers before submitting (decision 0016): a sub-route of the form's. */
  formCheck: (collectionId: Id, organisationId: Id, reportingPeriodId: Id) =>
    `/form/collection/${collectionId}/organisation/${organisationId}/reportingPeriod/${reportingPeriodId}/check`,
  /**
   * The confirmation page after a return's journey ends for this person (decision 0037): `outcome` is
   * submitted, authorised, nhsiAuthorised, sentForSignOff, sentBack or returned (`ReturnOutcome`).
   */
  formConfirmation: (collectionId: Id, organisationId: Id, reportingPeriodId: Id, outcome: string) =>
    `/form/collection/${collectionId}/organisation/${organisationId}/reportingPeriod/${reportingPeriodId}/confirmation/${encodeURIComponent(outcome)}`,
  /** The form, opened at one question (the Change links of check your answers). */
  formField: (collectionId: Id, organisationId: Id, reportingPeriodId: Id, field: string) =>
    `/form/collection/${collectionId}/organisation/${organisationId}/reportingPeriod/${reportingPeriodId}?field=${encodeURIComponent(field)}`,
  collectionOrganisations: (collectionId: Id) => `/manage/collection/${collectionId}/organisations`,
  adminUser: (userId: Id) => `/collection/admin/users/${userId}`,
} as const;

/**
 * Route patterns in React Router syntax: the specification's routes (and the form's check and
 * confirmation sub-routes, decisions 0016 and 0037).
 */
export const routePatterns = {
  amendCollection: '/collection/amend/:collectionId/*',
  managerReportingPeriod: '/collection/manage/reportingPeriod/:id',
  submitterAccess: '/collection/manage/submitterAccess/:collectionId',
  schedule: '/schedule/:collectionId/:action?',
  editOrganisation: '/organisation/manage/edit/:organisationId?',
  reportingPeriods: '/collection/:collectionId/reportingPeriod/:id?/:isManager?',
  form: '/form/collection/:collectionId/organisation/:organisationId/reportingPeriod/:reportingPeriodId?',
  formCheck:
    '/form/collection/:collectionId/organisation/:organisationId/reportingPeriod/:reportingPeriodId/check',
  formConfirmation:
    '/form/collection/:collectionId/organisation/:organisationId/reportingPeriod/:reportingPeriodId/confirmation/:outcome',
  collectionOrganisations: '/manage/collection/:collectionId/organisations',
  adminUser: '/collection/admin/users/:userId',
} as const;

/** Routes anyone may open without signing in (specification, section 2). */
export const publicPaths: readonly string[] = [paths.error, paths.health, paths.logout, paths.accessibility];

/** A route's id segment as a number; undefined unless it is all digits (the page then says it does not exist). */
export const routeId = (segment: string | undefined) =>
  segment && /^\d+$/.test(segment) ? Number(segment) : undefined;
