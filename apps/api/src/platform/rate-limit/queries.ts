import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface Counter {
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one hit on `key` in one statement: a new row, or one more hit in the current window, or the
 * first hit of a new window when the old one has ended. The row lock of the upsert makes concurrent
 * hits from every instance count exactly.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<Counter> {
  const windowEnd = sql<Date>`now() + make_interval(secs => ${windowMs / 1000}::float8)`;
  const ended = sql`rate_limit_counter.window_ends_at <= now()`;
  return db
    .insertInto('rateLimitCounter')
    .values({ key, hits: 1, windowEndsAt: windowEnd })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when ${ended} then 1 else rate_limit_counter.hits + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else rate_limit_counter.window_ends_at end`,
      }),
    )
    .returning([
      'hits',
      sql<number>`ceil(extract(epoch from window_ends_at - now()) * 1000)::int`.as('ttlMs'),
    ])
    .executeTakeFirstOrThrow();
}

/** The current window's count without counting a hit (zero when the window has ended). */
export async function readCounter(db: Db, key: string): Promise<Counter> {
  const row = await db
    .selectFrom('rateLimitCounter')
    .select(['hits', sql<number>`ceil(extract(epoch from window_ends_at - now()) * 1000)::int`.as('ttlMs')])
    .where('key', '=', key)
    .where('windowEndsAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? { hits: 0, ttlMs: 0 };
}

/** Counters whose window ended a while ago: nobody reads them again. */
export async function deleteEndedCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('rateLimitCounter')
    .where('windowEndsAt', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
}
