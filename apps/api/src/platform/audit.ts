import type { Db, Tx } from '../db/database';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  collectionId?: number | null;
  organisationId?: number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

/** Writes one audit entry. Call it with the transaction of the change, so both land or neither does. */
export async function writeAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insertInto('auditLog').values(auditValues(entry)).execute();
}

/** The audit_log row of an entry, for a statement that writes it along with the change (a save). */
export function auditValues(entry: AuditEntry) {
  return {
    userId: entry.userId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    collectionId: entry.collectionId ?? null,
    organisationId: entry.organisationId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    requestId: entry.requestId ?? null,
  };
}
