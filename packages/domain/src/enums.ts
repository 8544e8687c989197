import { z } from 'zod';

/** Enumerations spelled exactly as the specification, section 3 and 4. */
export const collectionStatus = z.enum(['draft', 'published', 'archived']);
export const collectionStatusUpdate = z.enum(['Published', 'Archived']);
export const periodType = z.enum(['financialYear', 'calendarYear']);
export const requirement = z.enum(['mandatory', 'optional', 'notRequired']);
export const reportingCycle = z.enum(['daily', 'weekly', 'monthly', 'quarterly', 'annual', 'oneTime']);
export const reportingPeriodStatus = z.enum(['Open', 'Future', 'Closed']);
export const submissionDisplayState = z.enum(['Closed', 'Open', 'Future', 'Complete', 'Missed']);
export const submissionStatus = z.enum([
  'none',
  'notYetRequired',
  'notStarted',
  'draft',
  'completed',
  'missed',
]);
export const revisionStatus = z.enum(['draft', 'completed']);
export const systemRole = z.enum(['superAdmin']);
export const collectionRole = z.enum([
  'collectionManager',
  'submissionManager',
  'collectionAdmin',
  'nominatedAdmin',
]);
export const organisationRole = z.enum(['DataEntryClerk', 'Authoriser']);
export const organisationRoleStatus = z.enum(['New', 'Deleted']);
export const idpUserStatus = z.enum([
  'Staged',
  'Provisioned',
  'Active',
  'Recovery',
  'PasswordExpired',
  'LockedOut',
  'Deprovisioned',
  'Suspended',
]);
export const sortOrder = z.enum(['ASC', 'DESC']);
export const listItemState = z.enum(['existing', 'new', 'deleted']);

export type CollectionStatus = z.infer<typeof collectionStatus>;
export type PeriodType = z.infer<typeof periodType>;
export type Requirement = z.infer<typeof requirement>;
export type ReportingCycle = z.infer<typeof reportingCycle>;
export type ReportingPeriodStatus = z.infer<typeof reportingPeriodStatus>;
export type SubmissionDisplayState = z.infer<typeof submissionDisplayState>;
export type SubmissionStatus = z.infer<typeof submissionStatus>;
export type SystemRole = z.infer<typeof systemRole>;
export type CollectionRole = z.infer<typeof collectionRole>;
export type OrganisationRole = z.infer<typeof organisationRole>;
