import { z } from 'zod';
import { organisationRole, organisationRoleStatus, sortOrder } from './enums';
import { idParam, recordId } from './ids';
import { pagingQueryShape } from './paging';

/** Most organisation ids one bulk call may add and remove together (GP practices are about 13,500). */
export const MAX_BULK_ORGANISATION_IDS = 20_000;

/** Messages of the recipients and roles API that the specification does not spell out. */
export const recipientMessages = {
  tooManyIds: `At most ${MAX_BULK_ORGANISATION_IDS.toLocaleString('en-GB')} organisations can be changed at once`,
  addAndRemove: 'An organisation cannot be added and removed in the same request',
  closedOrganisations: 'Closed organisations cannot be added as recipients',
  unknownOrganisations: 'These organisations do not exist',
  notRecipients: 'These organisations are not recipients of this collection',
  removeWithSubmissions: 'Organisations with submissions in this collection cannot be removed',
  trustForced: (setting: 'mandatory' | 'notRequired') =>
    `Trust authorisation is ${setting === 'mandatory' ? 'mandatory' : 'not required'} for this collection, so it cannot be changed for one organisation`,
  nhsiForced: (setting: 'mandatory' | 'notRequired') =>
    `NHSI authorisation is ${setting === 'mandatory' ? 'mandatory' : 'not required'} for this collection, so it cannot be changed for one organisation`,
  unknownUser: 'This user does not exist',
  noCriteria: 'Choose at least one criterion, or give a list of ODS codes',
  criteriaOrCodes: 'Give criteria or a list of ODS codes, not both',
  tooManyCodes: `At most ${MAX_BULK_ORGANISATION_IDS.toLocaleString('en-GB')} ODS codes can be given at once`,
} as const;

const id = recordId;

export const collectionOrganisationListQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
  organisationTypeId: idParam.optional(),
  regionId: idParam.optional(),
  stpId: idParam.optional(),
  status: z.enum(['open', 'closed', 'any']).default('any'),
  sortBy: z.enum(['name', 'code', 'region', 'type']).default('name'),
  sortOrder: sortOrder.default('ASC'),
  ...pagingQueryShape(),
});
export type CollectionOrganisationListQuery = z.infer<typeof collectionOrganisationListQuerySchema>;
/** The same query as a client sends it (defaults may be left out). */
export type CollectionOrganisationListParams = Partial<CollectionOrganisationListQuery>;

export const collectionOrganisationSchema = z.object({
  collectionId: z.number().int(),
  organisationId: z.number().int(),
  organisation: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    region: z.object({ code: z.string(), name: z.string() }).nullable(),
    organisationType: z.object({ shortDescription: z.string() }).nullable(),
    isOpen: z.boolean(),
  }),
  isNhsiAuthorisationRequired: z.boolean(),
  isTrustAuthorisationRequired: z.boolean(),
});
export type CollectionOrganisation = z.infer<typeof collectionOrganisationSchema>;

export const collectionOrganisationListSchema = z.object({
  items: z.array(collectionOrganisationSchema),
  total: z.number().int(),
});

export const bulkCollectionOrganisationsBodySchema = z.object({
  add: z.array(id).max(MAX_BULK_ORGANISATION_IDS, recipientMessages.tooManyIds).default([]),
  remove: z.array(id).max(MAX_BULK_ORGANISATION_IDS, recipientMessages.tooManyIds).default([]),
});
export type BulkCollectionOrganisationsBody = z.infer<typeof bulkCollectionOrganisationsBodySchema>;

export const bulkCollectionOrganisationsResultSchema = z.object({
  /** Rows created (ids already recipients are not counted). */
  added: z.number().int(),
  /** Rows deleted (ids that were not recipients are not counted). */
  removed: z.number().int(),
  total: z.number().int(),
});

// ---- Recipients by criteria or by a list of ODS codes (decision 0021) -----------------------------

const optionalId = recordId.optional();

/**
 * Which organisations a change by criteria covers. `query` matches name or ODS code anywhere, as the
 * searches do; `status` narrows to open or closed ones (an addition never adds a closed one, whatever
 * is asked). Empty criteria are refused: "every organisation" must be asked for by at least one field.
 */
export const recipientCriteriaSchema = z.object({
  query: z.string().trim().max(250).optional(),
  organisationTypeId: optionalId,
  regionId: optionalId,
  stpId: optionalId,
  status: z.enum(['open', 'closed', 'any']).default('any'),
});
export type RecipientCriteria = z.infer<typeof recipientCriteriaSchema>;

/** POST .../Organisation/Selection/Preview and PUT .../Organisation/Selection. */
export const recipientSelectionBodySchema = z
  .object({
    action: z.enum(['add', 'remove']),
    criteria: recipientCriteriaSchema.optional(),
    codes: z
      .array(z.string().trim().toUpperCase().min(1).max(20))
      .max(MAX_BULK_ORGANISATION_IDS, recipientMessages.tooManyCodes)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.criteria && body.codes)
      ctx.addIssue({ code: 'custom', path: ['codes'], message: recipientMessages.criteriaOrCodes });
    const c = body.criteria;
    const hasCriteria =
      !!c && (!!c.query || !!c.organisationTypeId || !!c.regionId || !!c.stpId || c.status !== 'any');
    if (!hasCriteria && !(body.codes && body.codes.length > 0))
      ctx.addIssue({ code: 'custom', path: ['criteria'], message: recipientMessages.noCriteria });
  });
export type RecipientSelectionBody = z.input<typeof recipientSelectionBodySchema>;

/**
 * What a selection would change (preview) or changed. `matching`: organisations the criteria or codes
 * name (for removal: recipients among them). `changes`: rows added or removed. `unchanged`: already
 * recipients (add) or kept because they have submissions (remove). `closed`: closed organisations
 * matched and not added. Codes: the ones not in the register, closed, or not recipients (remove).
 */
export const recipientSelectionResultSchema = z.object({
  action: z.enum(['add', 'remove']),
  matching: z.number().int(),
  changes: z.number().int(),
  alreadyDone: z.number().int(),
  closed: z.number().int(),
  withSubmissions: z.number().int(),
  unknownCodes: z.array(z.string()),
  closedCodes: z.array(z.string()),
  notRecipientCodes: z.array(z.string()),
  withSubmissionsCodes: z.array(z.string()),
  /** Recipients after the change (preview: as now). */
  total: z.number().int(),
});
export type RecipientSelectionResult = z.infer<typeof recipientSelectionResultSchema>;

export const collectionOrganisationRoleBodySchema = z
  .array(
    z.object({
      organisationId: id,
      isTrustAuthorisationRequired: z.boolean(),
      isNhsiAuthorisationRequired: z.boolean(),
    }),
  )
  .max(MAX_BULK_ORGANISATION_IDS, recipientMessages.tooManyIds);
export type CollectionOrganisationRoleBody = z.infer<typeof collectionOrganisationRoleBodySchema>;

export const collectionOrganisationRoleResultSchema = z.object({ updated: z.number().int() });

/** GET /Collection/Organisation: one (published collection, organisation) pair the user reports for. */
export const submitterCollectionOrganisationSchema = z.object({
  collectionId: z.number().int(),
  collectionName: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  organisationCode: z.string(),
  roles: z.array(organisationRole),
});
export const submitterCollectionOrganisationListSchema = z.object({
  items: z.array(submitterCollectionOrganisationSchema),
  total: z.number().int(),
});
export const submitterCollectionOrganisationQuerySchema = z.object({
  query: z.string().trim().max(250).optional(),
});

// ---- Collection roles (permissions tab) and submitter access ----------------------------------------

export const managedCollectionRole = z.enum(['collectionManager', 'submissionManager']);

export const collectionRoleHolderSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string(),
  role: managedCollectionRole,
});
export const collectionRoleListSchema = z.object({ items: z.array(collectionRoleHolderSchema) });

export const collectionRoleBodySchema = z.object({
  userId: id,
  role: managedCollectionRole,
  assigned: z.boolean(),
});
export type CollectionRoleBody = z.infer<typeof collectionRoleBodySchema>;

/**
 * The specification's "Role-assignment list row" as the server sends it (saved rows: New, never duplicate),
 * each organisation's own staff first.
 */
export const submitterAccessRowSchema = z.object({
  userName: z.string(),
  userId: z.number().int(),
  email: z.string(),
  organisationName: z.string(),
  organisationId: z.number().int(),
  role: organisationRole,
  status: organisationRoleStatus,
  isDuplicate: z.boolean(),
  /** The user's own organisation (ODS code), and whether it is another one than this row's (role-integrity.ts). */
  userProviderCode: z.string().nullable(),
  isFromElsewhere: z.boolean(),
});
export const submitterAccessListSchema = z.array(submitterAccessRowSchema);

export const submitterAccessBodySchema = z.object({
  userId: id,
  roles: z.array(organisationRole).max(2),
});
export type SubmitterAccessBody = z.infer<typeof submitterAccessBodySchema>;
