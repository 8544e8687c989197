import { type Kysely, sql } from 'kysely';

/**
 * Each period's returns counted as they change (decision 0034, "Counts kept as returns change"): the
 * completeness trend, the manager home and the periods list read one row per period instead of
 * counting ~15,000 returns per period on every load.
 *
 * A row holds the period's submission rows by the facts their status is computed from, so it stays
 * true whatever the time: `returns` (every row), `not_started` (no revision yet), `completed` (the
 * current revision is a submit: 'completed' while a window is open), `closed_completed` (an official
 * revision, or a completed current one: 'completed' once the period has closed; the rest are missed),
 * and of each of the two how many were submitted before the period's close (`*_on_time`). Which
 * reading applies, and the few returns a manager reopened for their organisation, are decided when
 * the counts are read (views/period-counts.ts).
 *
 * The database keeps them, in the transaction of every change, whoever makes it (a save, a submit, a
 * return, an import, a bench's bulk insert): statement triggers fold inserted and deleted rows, a row
 * trigger folds an update only when one of those facts changed (an ordinary draft save changes none of
 * them and does not fire it), and a period whose close moves has its on-time counts taken again. Each
 * first locks the period's row, then counts in a statement of its own: a submit and a change of the
 * close meeting in the same instant are applied one after the other, each seeing the other's result.
 */

/** The row's contribution to its period's counts, summed with `sign` (+1 added, -1 removed). */
const fold = (source: string) => `
  insert into period_counts as pc (reporting_period_id, returns, not_started, completed,
    completed_on_time, closed_completed, closed_completed_on_time)
  select * from (
    select x.reporting_period_id,
      coalesce(sum(x.sign), 0)::int as returns,
      coalesce(sum(x.sign) filter (where x.current_revision_id is null), 0)::int,
      coalesce(sum(x.sign) filter (where x.current_revision_id is not null and x.status = 'completed'), 0)::int,
      coalesce(sum(x.sign) filter (where x.current_revision_id is not null and x.status = 'completed'
        and x.submitted_at < rp.submissions_close), 0)::int,
      coalesce(sum(x.sign) filter (where x.official_revision_id is not null
        or (x.current_revision_id is not null and x.status = 'completed')), 0)::int,
      coalesce(sum(x.sign) filter (where (x.official_revision_id is not null
        or (x.current_revision_id is not null and x.status = 'completed'))
        and x.submitted_at < rp.submissions_close), 0)::int
    from (${source}) x
    join reporting_period rp on rp.id = x.reporting_period_id
    group by x.reporting_period_id
  ) d (reporting_period_id, returns, not_started, completed, completed_on_time, closed_completed,
    closed_completed_on_time)
  where (d.returns, d.not_started, d.completed, d.completed_on_time, d.closed_completed,
    d.closed_completed_on_time) <> (0, 0, 0, 0, 0, 0)
  order by d.reporting_period_id
  on conflict (reporting_period_id) do update set
    returns = pc.returns + excluded.returns,
    not_started = pc.not_started + excluded.not_started,
    completed = pc.completed + excluded.completed,
    completed_on_time = pc.completed_on_time + excluded.completed_on_time,
    closed_completed = pc.closed_completed + excluded.closed_completed,
    closed_completed_on_time = pc.closed_completed_on_time + excluded.closed_completed_on_time;`;

/** Takes the periods' rows (made when missing) in id order before counting: see above. */
const lockPeriods = (periods: string) => `
  insert into period_counts (reporting_period_id)
    select distinct p from (${periods}) ids (p) order by p on conflict do nothing;
  perform 1 from period_counts where reporting_period_id in (${periods})
    order by reporting_period_id for update;`;

const columns = 'status, current_revision_id, official_revision_id, submitted_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    create table period_counts (
      reporting_period_id integer primary key references reporting_period(id) on delete cascade,
      returns integer not null default 0,
      not_started integer not null default 0,
      completed integer not null default 0,
      completed_on_time integer not null default 0,
      closed_completed integer not null default 0,
      closed_completed_on_time integer not null default 0
    );

    -- The returns a manager reopened for their organisation: read live, a few per period.
    create index submission_reopened_idx on submission (reporting_period_id) where reopened_until is not null;

    create function period_counts_inserted() returns trigger language plpgsql as $$
    begin
      ${lockPeriods('select reporting_period_id from new_rows')}
      ${fold(`select 1 as sign, reporting_period_id, ${columns} from new_rows`)}
      return null;
    end $$;

    create function period_counts_deleted() returns trigger language plpgsql as $$
    begin
      ${lockPeriods('select reporting_period_id from old_rows')}
      ${fold(`select -1 as sign, reporting_period_id, ${columns} from old_rows`)}
      return null;
    end $$;

    create function period_counts_updated() returns trigger language plpgsql as $$
    begin
      ${lockPeriods('values (old.reporting_period_id), (new.reporting_period_id)')}
      ${fold(`select -1 as sign, old.reporting_period_id, old.status, old.current_revision_id,
          old.official_revision_id, old.submitted_at
        union all select 1, new.reporting_period_id, new.status, new.current_revision_id,
          new.official_revision_id, new.submitted_at`)}
      return null;
    end $$;

    create function period_counts_close_moved() returns trigger language plpgsql as $$
    begin
      ${lockPeriods('values (new.id)')}
      update period_counts pc set completed_on_time = c.completed_on_time,
        closed_completed_on_time = c.closed_completed_on_time
      from (select
          count(*) filter (where current_revision_id is not null and status = 'completed'
            and submitted_at < new.submissions_close)::int as completed_on_time,
          count(*) filter (where (official_revision_id is not null
            or (current_revision_id is not null and status = 'completed'))
            and submitted_at < new.submissions_close)::int as closed_completed_on_time
        from submission where reporting_period_id = new.id) c
      where pc.reporting_period_id = new.id;
      return null;
    end $$;

    create trigger submission_counts_inserted after insert on submission
      referencing new table as new_rows for each statement execute function period_counts_inserted();
    create trigger submission_counts_deleted after delete on submission
      referencing old table as old_rows for each statement execute function period_counts_deleted();
    create trigger submission_counts_updated after update on submission for each row
      when (old.reporting_period_id is distinct from new.reporting_period_id
        or old.status is distinct from new.status
        or (old.current_revision_id is null) is distinct from (new.current_revision_id is null)
        or (old.official_revision_id is null) is distinct from (new.official_revision_id is null)
        or old.submitted_at is distinct from new.submitted_at)
      execute function period_counts_updated();
    create trigger reporting_period_close_moved after update of submissions_close on reporting_period
      for each row when (old.submissions_close is distinct from new.submissions_close)
      execute function period_counts_close_moved();
  `)
    .execute(db);
  // The returns made so far, counted once (the triggers above hold off any write until this commits).
  await sql.raw(fold(`select 1 as sign, reporting_period_id, ${columns} from submission`)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger reporting_period_close_moved on reporting_period;
    drop trigger submission_counts_updated on submission;
    drop trigger submission_counts_deleted on submission;
    drop trigger submission_counts_inserted on submission;
    drop function period_counts_close_moved, period_counts_updated, period_counts_deleted,
      period_counts_inserted;
    drop index submission_reopened_idx;
    drop table period_counts;
  `.execute(db);
}
