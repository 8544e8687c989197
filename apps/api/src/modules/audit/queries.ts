import type { AuditPage, AuditQuery } from '@dcf/domain';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Db } from '../../db/database';

const LONDON = 'Europe/London';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The start of a London calendar day as an instant. */
function londonDayStart(isoDate: string): Date {
  return DateTime.fromISO(isoDate, { zone: LONDON }).startOf('day').toJSDate();
}

/**
 * Searches the audit log, newest first, filtered and paged in SQL: who (name or email contains),
 * what (action starts with), which record (entity type and id), collection, organisation, and London
 * calendar days from / to (both included).
 */
export async function searchAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  const direction = query.sortOrder === 'ASC' ? 'asc' : 'desc';
  let base = db.selectFrom('auditLog as a').leftJoin('appUser as u', 'u.id', 'a.userId');
  if (query.who) {
    const pattern = likePattern(query.who);
    base = base.where((eb) => eb.or([eb('u.name', 'ilike', pattern), eb('u.email', 'ilike', pattern)]));
  }
  if (query.action)
    base = base.where('a.action', 'like', `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (query.entityType) base = base.where('a.entityType', '=', query.entityType);
  if (query.entityId) base = base.where('a.entityId', '=', query.entityId);
  if (query.collectionId) base = base.where('a.collectionId', '=', Number(query.collectionId));
  if (query.organisationId) base = base.where('a.organisationId', '=', Number(query.organisationId));
  if (query.from) base = base.where('a.occurredAt', '>=', londonDayStart(query.from));
  if (query.to)
    base = base.where(
      'a.occurredAt',
      '<',
      DateTime.fromISO(query.to, { zone: LONDON }).plus({ days: 1 }).startOf('day').toJSDate(),
    );

  const [items, count] = await Promise.all([
    base
      .select([
        'a.id',
        'a.occurredAt',
        'a.userId',
        'u.name as userName',
        'u.email as userEmail',
        'a.action',
        'a.entityType',
        'a.entityId',
        'a.collectionId',
        'a.organisationId',
        'a.before',
        'a.after',
        'a.requestId',
      ])
      .orderBy('a.occurredAt', direction)
      .orderBy('a.id', direction)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((r) => ({
      id: r.id,
      occurredAt: r.occurredAt.toISOString(),
      user: r.userId === null ? null : { id: r.userId, name: r.userName, email: r.userEmail ?? '' },
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      collectionId: r.collectionId,
      organisationId: r.organisationId,
      before: r.before,
      after: r.after,
      requestId: r.requestId,
    })),
    total: count.total,
  };
}
