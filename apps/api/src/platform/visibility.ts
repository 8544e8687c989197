import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * THE visibility rule (decision 0022): which collections, and in them which recipients, schedules,
 * reporting periods and returns, a principal may see. Every list filters with these predicates and every
 * detail route asks `seesScope` (through the policy's scoped rules), so a list and its details cannot
 * disagree. What is not visible answers 404. The policy derives the Viewer from the principal's roles
 * (`viewerOf`); this module turns it into SQL and knows nothing about roles.
 *
 * - `everything` (administrators): every collection in any status, and everything in it.
 * - `monitored` (collection and submission managers): those collections in any status, everything in them.
 * - `submitterOf` (clerks, authorisers): published collections only, and in them only the organisations
 *   they hold a role for.
 * - `nhsi` (management-organisation users): published collections that require NHSI authorisation (a
 *   recipient flagged for it), in them the flagged recipients,
 *   and of those the returns that have been submitted (an official revision: awaiting or given NHSI
 *   authorisation).
 *
 * Schedules and reporting periods belong to the collection: visible with it.
 */
export interface Viewer {
  everything: boolean;
  monitored: readonly number[];
  submitterOf: readonly (readonly [collectionId: number, organisationId: number])[];
  nhsi: boolean;
}

/** A column as Kysely names it (`'schedule.collectionId'`, `'s.organisationId'`) or a value. */
type Operand = string | number;
const operand = (x: Operand) => (typeof x === 'number' ? sql`${x}::integer` : sql.ref(x));

const inList = (value: RawBuilder<unknown>, list: readonly number[]) =>
  list.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${value} in (${sql.join([...new Set(list)])})`;

const pairIn = (
  collection: RawBuilder<unknown>,
  organisation: RawBuilder<unknown>,
  pairs: Viewer['submitterOf'],
) =>
  pairs.length === 0
    ? sql<SqlBool>`false`
    : sql<SqlBool>`(${collection}, ${organisation}) in (${sql.join(pairs.map(([c, o]) => sql`(${c}::integer, ${o}::integer)`))})`;

/**
 * The NHSI flag of recipients of `vc` (the organisation, or any when null). The flag is the truth: the
 * collection's setting forces it (mandatory: all, notRequired: none), optional sets it per organisation.
 */
const nhsiRecipient = (organisation: RawBuilder<unknown> | null) =>
  sql<SqlBool>`exists (select 1 from collection_organisation vco
    where vco.collection_id = vc.id and vco.is_nhsi_authorisation_required
    ${organisation === null ? sql`` : sql`and vco.organisation_id = ${organisation}`})`;

/** The collection is visible. */
export function collectionVisible(viewer: Viewer, collection: Operand): Expression<SqlBool> {
  if (viewer.everything) return sql<SqlBool>`true`;
  const c = operand(collection);
  return sql<SqlBool>`(${inList(c, viewer.monitored)} or exists (select 1 from collection vc
    where vc.id = ${c} and vc.status = 'published'
      and (${inList(
        sql`vc.id`,
        viewer.submitterOf.map(([id]) => id),
      )}
        or ${viewer.nhsi ? nhsiRecipient(null) : sql`false`})))`;
}

/**
 * One organisation's part of a collection (a recipient, its returns): visible. `submitted`, for NHSI
 * users, says the return in question has been submitted; null asks about the recipient itself.
 */
export function returnVisible(
  viewer: Viewer,
  collection: Operand,
  organisation: Operand,
  submitted: Expression<SqlBool> | null = null,
): Expression<SqlBool> {
  if (viewer.everything) return sql<SqlBool>`true`;
  const c = operand(collection);
  const o = operand(organisation);
  const nhsi = viewer.nhsi
    ? sql<SqlBool>`(${nhsiRecipient(o)} and ${submitted ?? sql`true`})`
    : sql<SqlBool>`false`;
  return sql<SqlBool>`(${inList(c, viewer.monitored)} or exists (select 1 from collection vc
    where vc.id = ${c} and vc.status = 'published'
      and (${pairIn(sql`vc.id`, o, viewer.submitterOf)} or ${nhsi})))`;
}

/** A return (`alias`: a submission row, e.g. 's' or 'submission') is visible. */
export const submissionVisible = (viewer: Viewer, alias: string) =>
  returnVisible(
    viewer,
    `${alias}.collectionId`,
    `${alias}.organisationId`,
    sql<SqlBool>`${sql.ref(`${alias}.officialRevisionId`)} is not null`,
  );

/** What a detail route names, as the policy's locators find it. */
export interface VisibilityScope {
  collectionId: number;
  organisationId?: number;
  /** A return named by its period (the submission page): it may not exist yet. */
  periodId?: number;
  submissionId?: number;
  /**
   * Already judged with these predicates by the statement that located the record (for the viewer
   * the policy derives from the same principal): seesScope then asks nothing more.
   */
  visible?: boolean;
}

/** The record a detail route names is visible: the same predicates as the lists, for one record. */
export async function seesScope(db: Db, viewer: Viewer, scope: VisibilityScope): Promise<boolean> {
  const { collectionId, organisationId, periodId, submissionId } = scope;
  if (scope.visible !== undefined) return scope.visible;
  // The predicates' own first terms, answered without a query.
  if (viewer.everything || viewer.monitored.includes(collectionId)) return true;
  let visible: Expression<SqlBool>;
  if (organisationId === undefined) visible = collectionVisible(viewer, collectionId);
  else if (submissionId !== undefined)
    visible = returnVisible(
      viewer,
      collectionId,
      organisationId,
      sql<SqlBool>`exists (select 1 from submission s where s.id = ${submissionId}::integer
        and s.official_revision_id is not null)`,
    );
  else if (periodId !== undefined)
    visible = returnVisible(
      viewer,
      collectionId,
      organisationId,
      sql<SqlBool>`exists (select 1 from submission s where s.reporting_period_id = ${periodId}::integer
        and s.organisation_id = ${organisationId}::integer and s.official_revision_id is not null)`,
    );
  else visible = returnVisible(viewer, collectionId, organisationId);
  const row = await db.selectNoFrom(sql<boolean>`${visible}`.as('visible')).executeTakeFirstOrThrow();
  return row.visible === true;
}
