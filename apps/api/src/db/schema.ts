import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them, camelCased by the CamelCasePlugin (the SQL stays snake_case).
 * Dates (SQL `date`) are ISO strings `yyyy-MM-dd`; instants (`timestamptz`) are JS Dates.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

export interface RegionTable {
  id: Generated<number>;
  code: string;
  name: string;
}
export interface OrganisationTypeTable {
  id: Generated<number>;
  code: string;
  shortDescription: string;
  longDescription: string;
}
export interface StpTable {
  id: Generated<number>;
  code: string;
  name: string;
  regionId: number | null;
}
export interface OrganisationTable {
  id: Generated<number>;
  code: string;
  name: string;
  isManagementOrg: Generated<boolean>;
  regionId: number | null;
  organisationTypeId: number | null;
  stpId: number | null;
  successorId: number | null;
  /** The organisation it belongs to in the register (commissioner, or the trust of a site). */
  parentId: number | null;
  /** Status as the register last said; null when typed in or never said. */
  odsStatus: 'active' | 'closed' | 'dormant' | 'proposed' | null;
  openDate: string | null;
  closureDate: string | null;
  addressLines: Generated<string[]>;
  postcode: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
export interface OdsSyncRunTable {
  id: Generated<number>;
  status: Generated<'running' | 'succeeded' | 'failed'>;
  source: Generated<'api' | 'cli' | 'job' | 'test'>;
  added: Generated<number>;
  updated: Generated<number>;
  closed: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  startedBy: number | null;
  startedAt: CreatedAt;
  finishedAt: Timestamp | null;
  mode: Generated<'full' | 'incremental'>;
  /** Incremental runs: the ORD LastChangeDate asked for. */
  since: string | null;
  /** Incremental runs: the codes to fetch, once listed; `position` of them are applied. */
  codes: string[] | null;
  position: Generated<number>;
  /** The job that works the run (its claim, lease and progress); null once that job is cleared away. */
  jobId: number | null;
}
export interface AppUserTable {
  id: Generated<number>;
  idpId: string | null;
  email: string;
  name: string | null;
  providerCode: string | null;
  jobTitle: string | null;
  idpStatus: Generated<string>;
  isNominatedCollectionAdministrator: Generated<boolean>;
  isManagementOrganisationUser: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  lastSignInAt: Date | null;
}
export interface UserSystemRoleTable {
  userId: number;
  role: 'superAdmin';
}
export interface CollectionTable {
  id: Generated<number>;
  name: string;
  notes: string | null;
  assetOwners: string | null;
  users: string | null;
  isEmailEnabled: Generated<boolean>;
  iconName: string | null;
  trustAuthorisation: Generated<'mandatory' | 'optional' | 'notRequired'>;
  nhsiAuthorisation: Generated<'mandatory' | 'optional' | 'notRequired'>;
  fileType: string | null;
  period: Generated<'financialYear' | 'calendarYear'>;
  isExcelTemplateEnabled: Generated<boolean>;
  status: Generated<'draft' | 'published' | 'archived'>;
  createdBy: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** Guidance for submitters (0011, decision 0025). */
  guidance: string | null;
}
export interface CollectionRoleTable {
  id: Generated<number>;
  collectionId: number;
  userId: number;
  role: 'collectionManager' | 'submissionManager';
}
export interface CollectionOrganisationTable {
  collectionId: number;
  organisationId: number;
  isTrustAuthorisationRequired: Generated<boolean>;
  isNhsiAuthorisationRequired: Generated<boolean>;
  createdAt: CreatedAt;
}
export interface CollectionOrganisationRoleTable {
  id: Generated<number>;
  collectionId: number;
  organisationId: number;
  userId: number;
  role: 'DataEntryClerk' | 'Authoriser';
  createdAt: CreatedAt;
}
export interface FormTable {
  id: Generated<number>;
  collectionId: number;
  version: number;
  definition: Json<Record<string, unknown>>;
  excelTemplateFileName: string | null;
  excelTemplateFileSize: number | null;
  excelTemplateBlobPath: string | null;
  /** Defined names of the recorded template: [{ name, ranges: ['Sheet1!$B$2'] }]. */
  excelTemplateDefinedNames: Json<{ name: string; ranges: string[] }[]> | null;
  createdBy: number | null;
  createdAt: CreatedAt;
  /** The version's data quality rules (0012, decision 0028). */
  dataQualityRules: ColumnType<unknown[], string | undefined, string>;
}
export interface ScheduleTable {
  id: Generated<number>;
  collectionId: number;
  isDefault: Generated<boolean>;
  reportingCycle: 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'annual' | 'oneTime';
  firstReportingPeriodStart: string;
  lastReportingPeriodStart: string;
  daysOpen: number;
  includeWorkingDaysOnly: Generated<boolean>;
  reopenAfterDays: number | null;
  stayReopenForDays: number | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
export interface ReportingPeriodTable {
  id: Generated<number>;
  collectionId: number;
  formId: number | null;
  name: string;
  start: string;
  end: string;
  submissionsOpen: Timestamp;
  submissionsClose: Timestamp;
  submissionsReopen: Timestamp | null;
  submissionsReclose: Timestamp | null;
  ifSubmissionReopens: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
/** Last period's statistics for the data quality rules, computed once per period (decision 0034). */
export interface PeriodStatisticsTable {
  reportingPeriodId: number;
  changeCount: Generated<number>;
  computedChangeCount: number | null;
  computedAt: Timestamp | null;
  returns: number | null;
  statistics: Json | null;
}
/** A period's returns counted by the facts their status is read from (migration 0018, kept by triggers). */
export interface PeriodCountsTable {
  reportingPeriodId: number;
  returns: number;
  notStarted: number;
  completed: number;
  completedOnTime: number;
  closedCompleted: number;
  closedCompletedOnTime: number;
}
export interface SubmissionTable {
  id: Generated<number>;
  collectionId: number;
  reportingPeriodId: number;
  organisationId: number;
  formId: number;
  status: 'draft' | 'completed';
  currentRevisionId: number | null;
  officialRevisionId: number | null;
  lockedBy: number | null;
  lockedOn: Timestamp | null;
  lockExpiresAt: Timestamp | null;
  submittedBy: number | null;
  submittedAt: Timestamp | null;
  nhsiAuthorisedBy: number | null;
  nhsiAuthorisedAt: Timestamp | null;
  returnedBy: number | null;
  returnedAt: Timestamp | null;
  returnedReason: string | null;
  reopenedUntil: Timestamp | null;
  /** Data quality warnings of the official revision (decision 0034). */
  officialWarnings: Generated<number>;
  /** The page token of the lock's holder, and the last pages that released it (0029, decision 0036). */
  lockToken: string | null;
  releasedLockTokens: ColumnType<string[], string[] | undefined, string[]>;
  /** Sent for sign-off by a clerk; sent back by an authoriser with a reason (0029, decision 0036). */
  sentForSignoffBy: number | null;
  sentForSignoffAt: Timestamp | null;
  sentBackBy: number | null;
  sentBackAt: Timestamp | null;
  sentBackReason: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}
export interface SubmissionRevisionTable {
  id: Generated<number>;
  submissionId: number;
  status: 'draft' | 'completed';
  content: Json<Record<string, unknown>>;
  /** Wizard panel keys ticked 'This page is complete' (0004). */
  completedPages: ColumnType<string[], string | string[] | undefined, string | string[]>;
  createdBy: number;
  createdAt: CreatedAt;
  isDeleted: Generated<boolean>;
  deletedBy: number | null;
  deletedAt: Timestamp | null;
  /** The declaration the submitter confirmed, who and when: completed revisions only (0008). */
  declaration: string | null;
  declaredBy: number | null;
  declaredAt: Timestamp | null;
  /** The rules that flagged this revision when saved, with the submitter's explanations (0012). */
  dataQuality: ColumnType<unknown[], string | undefined, string>;
  dataQualityWarnings: Generated<number>;
}
export interface SessionTable {
  id: string;
  userId: number;
  createdAt: CreatedAt;
  lastSeenAt: Timestamp;
  idleExpiresAt: Timestamp;
  absoluteExpiresAt: Timestamp;
  idToken: string | null;
  endedAt: Timestamp | null;
}
export interface FeatureFlagTable {
  name: string;
  enabled: boolean;
  updatedBy: number | null;
  updatedAt: Timestamp;
}
export interface AuditLogTable {
  id: Generated<number>;
  occurredAt: CreatedAt;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  collectionId: number | null;
  organisationId: number | null;
  before: Json | null;
  after: Json | null;
  requestId: string | null;
}

/** oidc-provider's storage (development identity provider only). */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
  consumedAt: Date | null;
}
/** A user's personal access token for other systems (modules/access-tokens, decision 0039). */
export interface AccessTokenTable {
  id: Generated<number>;
  userId: number;
  name: string;
  tokenHash: string;
  scope: 'read' | 'submit';
  collectionId: number | null;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}
/** The stored answer of a bulk returns call with a client reference (decision 0039). */
export interface BulkReturnRequestTable {
  id: Generated<number>;
  userId: number;
  clientReference: string;
  reportingPeriodId: number;
  requestHash: string;
  result: Json;
  /** When the call was claimed: moved on when a retry takes over a claim left running (idempotency.ts). */
  createdAt: Timestamp;
}
/** Rate-limit counters shared by every instance (platform/rate-limit). */
export interface RateLimitCounterTable {
  key: string;
  hits: number;
  windowEndsAt: Timestamp;
}
/** The job queue (platform/jobs). */
export interface JobTable {
  id: Generated<number>;
  name: string;
  key: string | null;
  data: Json<Record<string, unknown>>;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  /** Claimed lowest first (JOB_PRIORITY in platform/jobs). */
  priority: Generated<number>;
  runAt: Generated<Date>;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: CreatedAt;
  finishedAt: Timestamp | null;
  /** How far a running job has got (its handler's `progress`, JSON): null until it says. */
  progress: ColumnType<unknown, never, string | null>;
  /** At most one pending or running job per value. */
  exclusiveKey: string | null;
}
/** Every email decided on, one row per recipient and event (platform/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  idempotencyKey: string;
  eventType: string;
  toAddress: string;
  toName: string | null;
  toUserId: number | null;
  subject: string;
  bodyText: string;
  collectionId: number | null;
  organisationId: number | null;
  reportingPeriodId: number | null;
  status: Generated<'queued' | 'sending' | 'sent' | 'kept' | 'failed' | 'cancelled'>;
  attempts: Generated<number>;
  lastError: string | null;
  messageId: string | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
}
/** A 'send reminder' to one organisation for one period (modules/notifications). */
export interface ChaseTable {
  id: Generated<number>;
  collectionId: number;
  reportingPeriodId: number;
  organisationId: number;
  chasedBy: number | null;
  chasedOn: string;
  recipients: number;
  createdAt: CreatedAt;
}
export interface Database {
  region: RegionTable;
  organisationType: OrganisationTypeTable;
  stp: StpTable;
  organisation: OrganisationTable;
  odsSyncRun: OdsSyncRunTable;
  appUser: AppUserTable;
  userSystemRole: UserSystemRoleTable;
  collection: CollectionTable;
  collectionRole: CollectionRoleTable;
  collectionOrganisation: CollectionOrganisationTable;
  collectionOrganisationRole: CollectionOrganisationRoleTable;
  form: FormTable;
  schedule: ScheduleTable;
  reportingPeriod: ReportingPeriodTable;
  periodStatistics: PeriodStatisticsTable;
  periodCounts: PeriodCountsTable;
  submission: SubmissionTable;
  submissionRevision: SubmissionRevisionTable;
  session: SessionTable;
  featureFlag: FeatureFlagTable;
  auditLog: AuditLogTable;
  oidcPayload: OidcPayloadTable;
  job: JobTable;
  mailOutbox: MailOutboxTable;
  chase: ChaseTable;
  rateLimitCounter: RateLimitCounterTable;
  accessToken: AccessTokenTable;
  bulkReturnRequest: BulkReturnRequestTable;
}

export type Organisation = Selectable<OrganisationTable>;
export type Collection = Selectable<CollectionTable>;
export type ReportingPeriod = Selectable<ReportingPeriodTable>;
export type Submission = Selectable<SubmissionTable>;
