import {
  diffPeriods,
  type FieldErrors,
  type GeneratedPeriod,
  generatePeriods,
  normaliseReportingPeriod,
  type PeriodDiff,
  type PeriodType,
  type ReportingPeriodBody,
  type Schedule,
  validateReportingPeriod,
  validateSchedule,
} from '@dcf/domain';
import type { Db, Tx } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound, validationProblem } from '../../platform/errors';
import type { Principal } from '../../platform/principal';
import { changeable } from '../collections/changeable';
import { getCollection } from '../collections/service';
import { type PeriodDto, presentPeriod } from './presenters';
import {
  deletePeriodRow,
  deletePeriodsWithoutSubmissions,
  findPeriod,
  findPeriodDates,
  findPeriods,
  insertGenerated,
  insertPeriod,
  isFormOf,
  lockCollection,
  newestFormId,
  type PeriodRow,
  updateGenerated,
  updatePeriodRow,
} from './queries';

/** Not in the specification, which has no message for a form version of another collection. */
export const formNotOfCollectionMessage = 'Choose a form version of this collection';

/** Every period of a collection the user may see, sorted by start. */
export async function listPeriods(db: Db, principal: Principal, collectionId: number) {
  await getCollection(db, principal, collectionId);
  const now = new Date();
  return (await findPeriods(db, collectionId).execute()).map((row) => presentPeriod(row, now));
}

export async function getPeriod(db: Db, principal: Principal, collectionId: number, periodId: number) {
  await getCollection(db, principal, collectionId);
  const row = await findPeriod(db, collectionId, periodId);
  if (!row) throw notFound();
  return presentPeriod(row);
}

/** Locks the collection for the transaction; an archived collection's periods are not changed. */
async function lockAmendable(tx: Tx, collectionId: number) {
  return changeable(await lockCollection(tx, collectionId));
}

/** lockAmendable, then the period as it stands before a change (404 when the collection has no such period). */
async function lockPeriod(tx: Tx, collectionId: number, periodId: number) {
  await lockAmendable(tx, collectionId);
  const before = await findPeriod(tx, collectionId, periodId);
  if (!before) throw notFound();
  return before;
}

/** Every section-5 message for the body against the collection's other periods; the normalised values when valid. */
async function readBody(tx: Tx, collectionId: number, body: ReportingPeriodBody, periodId?: number) {
  const existing = await findPeriodDates(tx, collectionId);
  const errors: FieldErrors = validateReportingPeriod(
    { ...body, ...(periodId === undefined ? {} : { id: periodId }) },
    existing,
  );
  if (Object.keys(errors).length > 0) throw validationProblem(errors);
  return normaliseReportingPeriod(body);
}

const toRow = (values: ReturnType<typeof normaliseReportingPeriod>) => ({
  name: values.name,
  start: values.start,
  end: values.end,
  submissionsOpen: new Date(values.submissionsOpen),
  submissionsClose: new Date(values.submissionsClose),
  submissionsReopen: values.submissionsReopen === null ? null : new Date(values.submissionsReopen),
  submissionsReclose: values.submissionsReclose === null ? null : new Date(values.submissionsReclose),
  ifSubmissionReopens: values.ifSubmissionReopens,
});

/** Adds one period; it uses the collection's newest form version. */
export async function createPeriod(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: ReportingPeriodBody,
  requestId: string,
) {
  const id = await db.transaction().execute(async (tx) => {
    await lockAmendable(tx, collectionId);
    const values = await readBody(tx, collectionId, body);
    const formId = await newestFormId(tx, collectionId);
    const { id } = await insertPeriod(tx, { collectionId, formId, ...toRow(values) });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'reportingPeriod.create',
      entityType: 'reportingPeriod',
      entityId: id,
      collectionId,
      after: { ...values, formId },
      requestId,
    });
    return id;
  });
  return getPeriod(db, principal, collectionId, id);
}

/**
 * Changes one period. formId, when given, must be a form version of this collection. A period with
 * submissions keeps its start and end (its submissions are for those dates): changing them is a 409.
 */
export async function updatePeriod(
  db: Db,
  principal: Principal,
  collectionId: number,
  periodId: number,
  body: ReportingPeriodBody,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = await lockPeriod(tx, collectionId, periodId);
    const values = await readBody(tx, collectionId, body, periodId);
    let formId = before.formId;
    if (body.formId !== undefined && body.formId !== null) {
      const given = body.formId;
      if (typeof given !== 'number' || !Number.isInteger(given) || !(await isFormOf(tx, collectionId, given)))
        throw validationProblem({ formId: [formNotOfCollectionMessage] });
      formId = given;
    }
    if (before.hasSubmissions && (values.start !== before.start || values.end !== before.end))
      throw conflict(
        'has_submissions',
        'The start and end of a reporting period with submissions cannot be changed',
        'Its submissions are for these dates. Add a new reporting period instead.',
      );
    await updatePeriodRow(tx, periodId, { ...toRow(values), formId });
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'reportingPeriod.update',
      entityType: 'reportingPeriod',
      entityId: periodId,
      collectionId,
      before: presentPeriod(before),
      after: { ...values, formId },
      requestId,
    });
  });
  return getPeriod(db, principal, collectionId, periodId);
}

/** Deletes a period that has no submissions; one with submissions is kept (409). */
export async function deletePeriod(
  db: Db,
  principal: Principal,
  collectionId: number,
  periodId: number,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    const before = await lockPeriod(tx, collectionId, periodId);
    if (before.hasSubmissions)
      throw conflict(
        'has_submissions',
        'A reporting period with submissions cannot be deleted',
        'Its submissions would be lost. Change its deadlines instead.',
      );
    await deletePeriodRow(tx, periodId);
    await writeAudit(tx, {
      userId: principal.userId,
      action: 'reportingPeriod.delete',
      entityType: 'reportingPeriod',
      entityId: periodId,
      collectionId,
      before: presentPeriod(before),
      requestId,
    });
  });
}

/** The schedule in a request body, or a 400 with validateSchedule's messages. */
export function readSchedule(body: unknown): Schedule {
  const result = validateSchedule(body);
  if (!result.success) throw validationProblem(result.errors);
  return result.data;
}

function diffWith(schedule: Schedule, periodType: PeriodType, rows: PeriodRow[], now: Date) {
  const generated = generatePeriods(schedule, periodType);
  const existing = rows.map((row) => presentPeriod(row, now));
  return diffPeriods<PeriodDto>(generated, existing);
}

/** What applying the schedule would do to the collection's periods (nothing is changed). */
export async function diffSchedule(db: Db, principal: Principal, collectionId: number, body: unknown) {
  const collection = await getCollection(db, principal, collectionId);
  const schedule = readSchedule(body);
  const rows = await findPeriods(db, collectionId).execute();
  const diff = diffWith(schedule, collection.period, rows, new Date());
  return {
    ...diff,
    unchanged: diff.unchanged.map(({ existing }) => ({
      id: existing.id,
      name: existing.name,
      start: existing.start,
      end: existing.end,
    })),
  };
}

/**
 * Applies a schedule in one transaction: inserts the added periods (with the newest form version),
 * updates the changed ones, and, when `replace`, deletes the removed ones. A period with submissions is
 * never deleted: it is counted as kept. POST adds and updates only; PUT replaces the set.
 */
export async function applySchedule(
  db: Db,
  principal: Principal,
  collectionId: number,
  body: unknown,
  options: { replace: boolean },
  requestId: string,
) {
  await getCollection(db, principal, collectionId);
  const schedule = readSchedule(body);
  const counts = await db.transaction().execute(async (tx) => {
    const collection = await lockAmendable(tx, collectionId);
    const rows = await findPeriods(tx, collectionId).execute();
    const diff: PeriodDiff<PeriodDto> = diffWith(schedule, collection.period, rows, new Date());
    const removed = options.replace
      ? await deletePeriodsWithoutSubmissions(
          tx,
          collectionId,
          diff.removed.map((p) => p.id),
        )
      : 0;
    await updateGenerated(
      tx,
      collectionId,
      diff.changed.map((c) => ({ id: c.existing.id, generated: c.generated })),
    );
    const formId = await newestFormId(tx, collectionId);
    await insertGenerated(tx, collectionId, formId, diff.added);
    const counts = {
      added: diff.added.length,
      changed: diff.changed.length,
      removed,
      unchanged: diff.unchanged.length,
      kept: diff.conflicts.length + (options.replace ? 0 : diff.removed.length),
    };
    await writeAudit(tx, {
      userId: principal.userId,
      action: options.replace ? 'reportingPeriod.bulkReplace' : 'reportingPeriod.bulkAdd',
      entityType: 'reportingPeriod',
      collectionId,
      after: {
        schedule,
        counts,
        added: summarise(diff.added),
        changed: diff.changed.map((c) => ({ id: c.existing.id, fields: c.fields })),
        removed: options.replace ? diff.removed.map((p) => p.id) : [],
      },
      requestId,
    });
    return counts;
  });
  return { counts, periods: await listPeriods(db, principal, collectionId) };
}

/** A compact record of added periods for the audit log (a daily schedule adds thousands). */
function summarise(periods: readonly GeneratedPeriod[]) {
  if (periods.length === 0) return null;
  return { count: periods.length, first: periods[0]?.start, last: periods.at(-1)?.end };
}
