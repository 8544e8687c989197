import { type CollectionGuidance, guidanceMessages } from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { findGuidance, lockGuidance, updateCollectionRow } from './queries';

/** The collection's guidance for submitters (decision 0025); the route's rule has decided who may read it. */
export async function getGuidance(db: Db, collectionId: number): Promise<CollectionGuidance> {
  const row = await findGuidance(db, collectionId);
  if (!row) throw notFound();
  return { collectionId: row.id, guidance: row.guidance };
}

/**
 * Sets (null: removes) the guidance, except once the collection is archived (read-only, as every other
 * field). The same text again changes nothing and is not audited; a change is, with the text before and after.
 */
export async function setGuidance(
  db: Db,
  principal: Principal,
  collectionId: number,
  guidance: string | null,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = await lockGuidance(tx, collectionId);
    if (!before) throw notFound();
    if (before.status === 'archived') throw validationProblem({ guidance: [guidanceMessages.archived] });
    if (before.guidance === guidance) return;
    await updateCollectionRow(tx, collectionId, { guidance });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'collection.guidance',
      entityType: 'collection',
      entityId: collectionId,
      collectionId,
      before: { guidance: before.guidance },
      after: { guidance },
      requestId,
    });
  });
  return getGuidance(db, collectionId);
}
