import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters shared by every instance (decision 0018): one row per limited key (route and
 * client address), counting hits until the end of its window. Unlogged: a counter lost in a crash
 * only forgives a minute of hits, and the table takes a write per sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limit_counter (
      key text primary key,
      hits integer not null check (hits >= 0),
      window_ends_at timestamptz not null
    );
    create index rate_limit_counter_window_ends_at_idx on rate_limit_counter(window_ends_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limit_counter`.execute(db);
}
