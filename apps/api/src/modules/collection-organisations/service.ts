import {
  type BulkCollectionOrganisationsBody,
  type CollectionOrganisationListQuery,
  type CollectionOrganisationRoleBody,
  isOrganisationOpen,
  londonToday,
  type RecipientSelectionBody,
  type RecipientSelectionResult,
  recipientMessages,
  recipientSelectionBodySchema,
} from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { HttpProblem, notFound, validationProblem } from '../../platform/errors';
import { viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { changeable } from '../collections/changeable';
import { findCollectionStatus } from '../collections/queries';
import {
  chunks,
  countCriteriaForAdd,
  countCriteriaForRemove,
  countRecipients,
  deleteRecipients,
  deleteRecipientsByCriteria,
  findCollectionForChange,
  findOrganisations,
  findOrganisationsByCode,
  findRecipients,
  findSubmitterCollectionOrganisations,
  insertRecipients,
  insertRecipientsByCriteria,
  listCollectionOrganisations,
  organisationsWithSubmissions,
  setAuthorisationRequired,
} from './queries';

/**
 * Recipients of a collection: those the principal may see (the visibility rule, decision 0022; the
 * route's rule has decided the collection is visible).
 */
export async function listRecipients(
  db: Db,
  principal: Principal,
  collectionId: number,
  params: CollectionOrganisationListQuery,
) {
  const collection = await findCollectionStatus(db, collectionId);
  if (!collection) throw notFound();
  return listCollectionOrganisations(db, viewerOf(principal), collectionId, params, londonToday());
}

const unique = (ids: number[]) => [...new Set(ids)];
const listed = (orgs: { code: string; name: string }[]) => orgs.map((o) => `${o.name} (${o.code})`);

/**
 * Adds and removes many recipients in one transaction. New rows take the authorisation flags the
 * collection forces (mandatory -> true, anything else -> false). Closed or unknown organisations are
 * refused (400, listed); an organisation with submissions in the collection cannot be removed (409).
 */
export async function bulkChange(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: BulkCollectionOrganisationsBody,
  requestId: string,
) {
  const add = unique(body.add);
  const remove = unique(body.remove);
  if (add.length + remove.length > 20_000) throw validationProblem({ add: [recipientMessages.tooManyIds] });
  const both = add.filter((id) => remove.includes(id));
  if (both.length > 0) throw validationProblem({ add: [recipientMessages.addAndRemove] });

  return db.transaction().execute(async (tx) => {
    const collection = changeable(await findCollectionForChange(tx, collectionId));

    if (add.length > 0) {
      const found = await findOrganisations(tx, add);
      const foundIds = new Set(found.map((o) => o.id));
      const unknown = add.filter((id) => !foundIds.has(id));
      if (unknown.length > 0)
        throw validationProblem({ add: [recipientMessages.unknownOrganisations] }, unknown.map(String));
      const today = londonToday();
      const closed = found.filter((o) => !isOrganisationOpen(o.closureDate, today, o.odsStatus));
      if (closed.length > 0)
        throw validationProblem({ add: [recipientMessages.closedOrganisations] }, listed(closed));
    }
    if (remove.length > 0) {
      const withSubmissions = await organisationsWithSubmissions(tx, collectionId, remove);
      if (withSubmissions.length > 0) {
        const orgs = await findOrganisations(tx, withSubmissions);
        throw new HttpProblem('has_submissions', recipientMessages.removeWithSubmissions, {
          additionalDetails: listed(orgs),
        });
      }
    }

    const removed = await deleteRecipients(tx, collectionId, remove);
    const added = await insertRecipients(tx, collectionId, add, {
      isTrustAuthorisationRequired: collection.trustAuthorisation === 'mandatory',
      isNhsiAuthorisationRequired: collection.nhsiAuthorisation === 'mandatory',
    });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collectionOrganisation.bulk',
      entityType: 'collection',
      entityId: collectionId,
      collectionId,
      after: { add, remove, added, removed },
      requestId,
    });
    return { added, removed, total: await countRecipients(tx, collectionId) };
  });
}

/**
 * Per-organisation authorisation flags. Only a setting the collection leaves `optional` may differ by
 * organisation; a flag the collection forces (mandatory / notRequired) cannot be changed (400).
 */
export async function setAuthorisationFlags(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: CollectionOrganisationRoleBody,
  requestId: string,
) {
  return db.transaction().execute(async (tx) => {
    const collection = changeable(await findCollectionForChange(tx, collectionId));
    const ids = unique(body.map((row) => row.organisationId));
    const current = new Map((await findRecipients(tx, collectionId, ids)).map((r) => [r.organisationId, r]));
    const missing = ids.filter((id) => !current.has(id));
    if (missing.length > 0)
      throw new HttpProblem('not_recipients', recipientMessages.notRecipients, {
        additionalDetails: missing.map(String),
      });

    const errors: Record<string, string[]> = {};
    const { trustAuthorisation: trust, nhsiAuthorisation: nhsi } = collection;
    if (trust !== 'optional' && body.some((r) => r.isTrustAuthorisationRequired !== (trust === 'mandatory')))
      errors.isTrustAuthorisationRequired = [recipientMessages.trustForced(trust)];
    if (nhsi !== 'optional' && body.some((r) => r.isNhsiAuthorisationRequired !== (nhsi === 'mandatory')))
      errors.isNhsiAuthorisationRequired = [recipientMessages.nhsiForced(nhsi)];
    if (Object.keys(errors).length > 0) throw validationProblem(errors);

    const changes = body.filter((row) => {
      const before = current.get(row.organisationId)!;
      return (
        before.isTrustAuthorisationRequired !== row.isTrustAuthorisationRequired ||
        before.isNhsiAuthorisationRequired !== row.isNhsiAuthorisationRequired
      );
    });
    // One statement per (trust, NHSI) combination and 1,000 ids: at most four groups.
    const groups = new Map<string, number[]>();
    for (const row of changes) {
      const key = `${row.isTrustAuthorisationRequired}:${row.isNhsiAuthorisationRequired}`;
      groups.set(key, [...(groups.get(key) ?? []), row.organisationId]);
    }
    for (const [key, organisationIds] of groups) {
      const [isTrust, isNhsi] = key.split(':').map((v) => v === 'true');
      for (const batch of chunks(organisationIds))
        await setAuthorisationRequired(tx, collectionId, batch, {
          isTrustAuthorisationRequired: isTrust!,
          isNhsiAuthorisationRequired: isNhsi!,
        });
    }
    if (changes.length > 0)
      await writeAudit(tx, {
        userId: principal.userId,
        action: 'collectionOrganisation.authorisation',
        entityType: 'collection',
        entityId: collectionId,
        collectionId,
        before: changes.map((row) => current.get(row.organisationId)),
        after: changes,
        requestId,
      });
    return { updated: changes.length };
  });
}

/** Every (published collection, organisation) pair the current user reports for, with their roles. */
export async function listOwnCollectionOrganisations(db: Db, principal: Principal, query?: string) {
  const rows = await findSubmitterCollectionOrganisations(db, principal.userId, query);
  const items: {
    collectionId: number;
    collectionName: string;
    organisationId: number;
    organisationName: string;
    organisationCode: string;
    roles: ('DataEntryClerk' | 'Authoriser')[];
  }[] = [];
  for (const row of rows) {
    const last = items.at(-1);
    if (last && last.collectionId === row.collectionId && last.organisationId === row.organisationId) {
      last.roles.push(row.role);
      continue;
    }
    const { role, ...pair } = row;
    items.push({ ...pair, roles: [role] });
  }
  return { items, total: items.length };
}

/**
 * What a change by criteria or by a list of ODS codes would do (decision 0021): counts before adding
 * ("Add 3,162 organisations"), and for a list, the codes that are unknown, closed, not recipients or
 * have submissions. Reads only; the same computation `applySelection` makes inside its transaction.
 */
export async function previewSelection(db: Db, collectionId: number, body: RecipientSelectionBody) {
  const collection = await findCollectionStatus(db, collectionId);
  if (!collection) throw notFound();
  return selectionOutcome(db, collectionId, parseSelection(body), londonToday());
}

/**
 * Adds or removes recipients by criteria (one `insert ... select` / `delete` in SQL) or by ODS codes,
 * in one transaction. Closed organisations are never newly assigned; recipients with submissions are
 * kept (and counted), unlike the id-based bulk call which refuses the whole change (409): a national
 * removal should not fail because ten practices have started a return. New rows take the flags the
 * collection forces, as in `bulkChange`.
 */
export async function applySelection(
  db: Db,
  principal: Principal,
  collectionId: number,
  input: RecipientSelectionBody,
  requestId: string,
): Promise<RecipientSelectionResult> {
  const body = parseSelection(input);
  const today = londonToday();
  return db.transaction().execute(async (tx) => {
    const collection = changeable(await findCollectionForChange(tx, collectionId));
    const outcome = await selectionOutcome(tx, collectionId, body, today);
    const flags = {
      isTrustAuthorisationRequired: collection.trustAuthorisation === 'mandatory',
      isNhsiAuthorisationRequired: collection.nhsiAuthorisation === 'mandatory',
    };
    let changed: number;
    if (body.criteria)
      changed =
        body.action === 'add'
          ? await insertRecipientsByCriteria(tx, collectionId, body.criteria, flags, today)
          : await deleteRecipientsByCriteria(tx, collectionId, body.criteria, today);
    else
      changed =
        body.action === 'add'
          ? await insertRecipients(tx, collectionId, outcome.ids, flags)
          : await deleteRecipients(tx, collectionId, outcome.ids);
    await writeAudit(tx, {
      userId: principal.userId,
      action: `collectionOrganisation.${body.action}Selection`,
      entityType: 'collection',
      entityId: collectionId,
      collectionId,
      after: { criteria: body.criteria, codes: body.codes, changed },
      requestId,
    });
    const { ids: _ids, ...result } = outcome;
    return { ...result, changes: changed, total: await countRecipients(tx, collectionId) };
  });
}

type ParsedSelection = ReturnType<typeof recipientSelectionBodySchema.parse>;

/** The route has validated the body already; parsing again gives the defaults their output type. */
function parseSelection(body: RecipientSelectionBody): ParsedSelection {
  return recipientSelectionBodySchema.parse(body);
}

async function selectionOutcome(
  db: Db | Tx,
  collectionId: number,
  body: ParsedSelection,
  today: string,
): Promise<RecipientSelectionResult & { ids: number[] }> {
  const empty = {
    action: body.action,
    unknownCodes: [] as string[],
    closedCodes: [] as string[],
    notRecipientCodes: [] as string[],
    withSubmissionsCodes: [] as string[],
    total: await countRecipients(db, collectionId),
  };
  if (body.criteria) {
    if (body.action === 'add') {
      const c = await countCriteriaForAdd(db, collectionId, body.criteria, today);
      const changes = c.matching - c.closed - c.alreadyDone;
      return { ...empty, ...c, changes, withSubmissions: 0, ids: [] };
    }
    const c = await countCriteriaForRemove(db, collectionId, body.criteria, today);
    return { ...empty, ...c, changes: c.matching - c.withSubmissions, alreadyDone: 0, closed: 0, ids: [] };
  }
  const codes = [...new Set(body.codes ?? [])];
  const found = await findOrganisationsByCode(db, collectionId, codes, today);
  const byCode = new Set(found.map((o) => o.code));
  const unknownCodes = codes.filter((code) => !byCode.has(code));
  if (body.action === 'add') {
    const closed = found.filter((o) => !o.isOpen && !o.isRecipient);
    const already = found.filter((o) => o.isRecipient);
    const ids = found.filter((o) => o.isOpen && !o.isRecipient).map((o) => o.id);
    return {
      ...empty,
      unknownCodes,
      closedCodes: closed.map((o) => o.code),
      matching: found.length,
      changes: ids.length,
      alreadyDone: already.length,
      closed: closed.length,
      withSubmissions: 0,
      ids,
    };
  }
  const recipients = found.filter((o) => o.isRecipient);
  const kept = recipients.filter((o) => o.hasSubmissions);
  const ids = recipients.filter((o) => !o.hasSubmissions).map((o) => o.id);
  return {
    ...empty,
    unknownCodes,
    notRecipientCodes: found.filter((o) => !o.isRecipient).map((o) => o.code),
    withSubmissionsCodes: kept.map((o) => o.code),
    matching: recipients.length,
    changes: ids.length,
    alreadyDone: 0,
    closed: 0,
    withSubmissions: kept.length,
    ids,
  };
}
