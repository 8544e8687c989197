import { type CollectionInput, messages } from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, validationProblem } from '../../platform/errors';
import { becomesManagerOfNewCollection, collectionAbilitiesOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { auditRoleChange } from '../../platform/role-changes';
import { changeable } from './changeable';
import { presentCollection } from './presenters';
import {
  countSetup,
  deleteCollectionRow,
  findCollection,
  findVisibleCollections,
  insertCollectionManager,
  insertDraftCollection,
  setEveryRecipientAuthorisation,
  updateCollectionRow,
} from './queries';

export async function listCollections(
  db: Db,
  principal: Principal,
  filter: Parameters<typeof findVisibleCollections>[2],
) {
  const { items, total } = await findVisibleCollections(db, principal, filter);
  return { items: items.map((row) => presentCollection(row, collectionAbilitiesOf(principal, row))), total };
}

/** A collection; the route's collectionRead rule has already decided the principal may see it. */
export async function getCollection(db: Db, principal: Principal, id: number) {
  const row = await findCollection(db, id);
  if (!row) throw notFound();
  return presentCollection(row, collectionAbilitiesOf(principal, row));
}

/** Applies mandatory / notRequired authorisation settings to every recipient (optional leaves them per organisation). */
async function forceAuthorisationFlags(
  tx: Tx,
  collectionId: number,
  input: Pick<CollectionInput, 'trustAuthorisation' | 'nhsiAuthorisation'>,
) {
  if (input.trustAuthorisation !== 'optional')
    await setEveryRecipientAuthorisation(tx, collectionId, {
      isTrustAuthorisationRequired: input.trustAuthorisation === 'mandatory',
    });
  if (input.nhsiAuthorisation !== 'optional')
    await setEveryRecipientAuthorisation(tx, collectionId, {
      isNhsiAuthorisationRequired: input.nhsiAuthorisation === 'mandatory',
    });
}

/** Creates a draft collection; the creator (when not an administrator) becomes its collection manager. */
export async function createCollection(
  db: Db,
  principal: Principal,
  input: CollectionInput,
  requestId: string,
) {
  const id = await db.transaction().execute(async (tx) => {
    const row = await insertDraftCollection(tx, input, principal.userId);
    if (becomesManagerOfNewCollection(principal)) {
      await insertCollectionManager(tx, row.id, principal.userId);
      // The one role a user ever gets by their own action: manager of the new, empty collection they
      // made (docs/decisions, hardening). It grants nothing that existed before; it is audited as any is.
      await auditRoleChange(tx, {
        actorId: principal.userId,
        action: 'collectionRole.assign',
        userId: principal.userId,
        collectionId: row.id,
        before: [],
        after: ['collectionManager'],
        requestId,
      });
    }
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collection.create',
      entityType: 'collection',
      entityId: row.id,
      collectionId: row.id,
      after: input,
      requestId,
    });
    return row.id;
  });
  // The answer's abilities count the role just given; the request's principal stays as it was loaded.
  const creator: Principal = becomesManagerOfNewCollection(principal)
    ? {
        ...principal,
        collectionRoles: new Map(principal.collectionRoles).set(id, new Set(['collectionManager'])),
      }
    : principal;
  return getCollection(db, creator, id);
}

export async function updateCollection(
  db: Db,
  principal: Principal,
  id: number,
  input: CollectionInput,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = changeable(await findCollection(tx, id));
    await updateCollectionRow(tx, id, input);
    await forceAuthorisationFlags(tx, id, input);
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collection.update',
      entityType: 'collection',
      entityId: id,
      collectionId: id,
      before,
      after: input,
      requestId,
    });
  });
  return getCollection(db, principal, id);
}

/** Only a draft with no submissions may be deleted; anything else is kept for the record. */
export async function deleteCollection(db: Db, principal: Principal, id: number, requestId: string) {
  await db.transaction().execute(async (tx) => {
    const before = await findCollection(tx, id);
    if (!before) throw notFound();
    const setup = await countSetup(tx, id);
    if (before.status !== 'draft' || setup.submissions > 0)
      throw conflict(
        'has_submissions',
        'Only a draft collection with no submissions can be deleted',
        'Archive it instead to hide it.',
      );
    await deleteCollectionRow(tx, id);
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collection.delete',
      entityType: 'collection',
      entityId: id,
      before,
      requestId,
    });
  });
}

const transitions: Record<string, { Published?: true; Archived?: true }> = {
  draft: { Published: true },
  published: { Archived: true },
  archived: { Published: true },
};

/** draft -> published -> archived, archived -> published; publishing needs periods, recipients and a form. */
export async function changeStatus(
  db: Db,
  principal: Principal,
  id: number,
  status: 'Published' | 'Archived',
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = await findCollection(tx, id);
    if (!before) throw notFound();
    if (!transitions[before.status]?.[status])
      throw conflict(
        'invalid_status_change',
        `A ${before.status} collection cannot be ${status.toLowerCase()}`,
      );
    if (status === 'Published') {
      const setup = await countSetup(tx, id);
      const missing = [
        ...(setup.periods === 0 ? [messages.noScheduledPeriods] : []),
        ...(setup.recipients === 0 ? [messages.noRecipientOrganisations] : []),
        ...(setup.forms === 0 ? [messages.noFormDefinition] : []),
      ];
      if (missing.length > 0) throw validationProblem({ status: missing });
    }
    const next = status === 'Published' ? 'published' : 'archived';
    await updateCollectionRow(tx, id, { status: next });
    await writeAudit(tx, {
      userId: principal.userId,
      action: `collection.${next}`,
      entityType: 'collection',
      entityId: id,
      collectionId: id,
      before: { status: before.status },
      after: { status: next },
      requestId,
    });
  });
  return getCollection(db, principal, id);
}

export async function setExcelTemplateEnabled(
  db: Db,
  principal: Principal,
  id: number,
  enabled: boolean,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = await findCollection(tx, id);
    if (!before) throw notFound();
    await updateCollectionRow(tx, id, { isExcelTemplateEnabled: enabled });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collection.excelTemplateEnabled',
      entityType: 'collection',
      entityId: id,
      collectionId: id,
      after: { isExcelTemplateEnabled: enabled },
      requestId,
    });
  });
  return getCollection(db, principal, id);
}
