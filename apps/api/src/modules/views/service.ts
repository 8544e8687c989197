import {
  type AdminSubmissionsParams,
  type CollectionPeriodList,
  type CollectionPeriodParams,
  deadlineText,
  displayStateFor,
  type ManagerCollection,
  messages,
  type NonSubmitterList,
  type OrganisationHistory,
  organisationDeadline,
  organisationWindowStatus,
  type PeriodSubmissionList,
  type PeriodSubmissionParams,
  type PeriodSubmissionStatus,
  type PeriodSummary,
  SUBMITTER_HOMES_LIMIT,
  type SubmissionFacts,
  type SubmitterAction,
  type SubmitterHome,
  type SubmitterHomes,
  submissionStatusAt,
  type Timeliness,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../platform/errors';
import { collectionAbilitiesOf, viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { iso, presentPeriodDates, presentRecipient, ref } from './presenters';
import {
  countByPeriod,
  countCollectionPeriodStates,
  countPeriodRecipients,
  countRecipients,
  findCollection,
  findCollections,
  findCurrentAndNextPeriods,
  findNonSubmitters,
  findOpenedPeriods,
  findOrganisationPeriods,
  findOwnHomes,
  findPeriod,
  findRecipient,
  findSubmitters,
  listCollectionPeriods,
  listPeriodRecipients,
  type OrganisationPeriodRow,
  type PeriodRow,
  type PeriodWithCollectionRow,
  zeroCounts,
} from './queries';

/** How many opened periods the collection trend shows (a daily collection would otherwise chart years). */
export const TREND_PERIODS = 24;

// ---- Submitter home -----------------------------------------------------------------------------------

/** The submission row as the status rules read it (revision ids are bigint: text from the driver). */
function factsOf(row: OrganisationPeriodRow): SubmissionFacts | null {
  if (row.submissionId === null) return null;
  return {
    status: row.status ?? 'draft',
    currentRevisionId: row.currentRevisionId === null ? null : Number(row.currentRevisionId),
    officialRevisionId: row.officialRevisionId === null ? null : Number(row.officialRevisionId),
    reopenedUntil: row.reopenedUntil,
  };
}

/** Where a draft stands between people (decision 0036), in the submitter's words. */
function draftStep(row: OrganisationPeriodRow): string {
  if (row.status !== 'draft') return 'Finish and submit your draft';
  if (row.sentForSignoffAt !== null) return 'Sent for sign-off: waiting for an authoriser';
  if (row.returnedReason === null) return 'Finish and submit your draft';
  if (row.sentBackAt !== null && (row.returnedAt === null || row.sentBackAt > row.returnedAt))
    return `Sent back by an authoriser: ${row.returnedReason}`;
  if (row.returnedAt !== null) return `Returned for correction: ${row.returnedReason}`;
  return 'Finish and submit your draft';
}

/** The next step for the submitter, and the sentence that says it. */
function nextStep(
  status: PeriodSubmissionStatus,
  row: OrganisationPeriodRow,
  awaitingNhsi: boolean,
): { action: SubmitterAction; todo: string } {
  switch (status) {
    case 'notYetRequired':
      return { action: 'none', todo: 'Nothing to do yet' };
    case 'notStarted':
      return { action: 'start', todo: 'Start and submit your return' };
    case 'draft':
      return { action: 'continue', todo: draftStep(row) };
    case 'completed':
      return {
        action: 'view',
        todo: awaitingNhsi ? `Submitted, ${messages.awaitingNhsiAuthorisation}` : 'Submitted, nothing to do',
      };
    case 'missed':
      return {
        action: row.submissionId === null ? 'none' : 'view',
        todo: 'Missed: the period closed without a return',
      };
  }
}

/** One organisation's home in a collection: its periods as the submitter reads them. */
function homeOf(
  collection: { id: number; name: string },
  organisation: NonNullable<Awaited<ReturnType<typeof findRecipient>>>,
  rows: OrganisationPeriodRow[],
  now: Date,
): SubmitterHome {
  return {
    collection: { id: collection.id, name: collection.name },
    organisation: { id: organisation.id, name: organisation.name, code: organisation.code },
    isTrustAuthorisationRequired: organisation.isTrustAuthorisationRequired,
    isNhsiAuthorisationRequired: organisation.isNhsiAuthorisationRequired,
    periods: rows.map((row) => {
      const reopenedUntil = row.reopenedUntil ?? null;
      const status = submissionStatusAt(row, factsOf(row), now);
      const windowStatus = organisationWindowStatus(row, reopenedUntil, now);
      const awaitingNhsi =
        status === 'completed' && organisation.isNhsiAuthorisationRequired && row.nhsiAuthorisedAt === null;
      return {
        ...presentPeriodDates(row, now),
        windowStatus,
        status,
        displayState: displayStateFor(status, windowStatus),
        deadline: organisationDeadline(row, reopenedUntil, now).toISOString(),
        deadlineText: deadlineText(row, reopenedUntil, now),
        submissionId: row.submissionId,
        lastChangedAt: iso(row.lastChangedAt),
        lastChangedBy: ref(row.lastChangedById, row.lastChangedByName),
        submittedAt: iso(row.submittedAt),
        submittedBy: ref(row.submittedBy, row.submittedByName),
        awaitingNhsiAuthorisation: awaitingNhsi,
        returnedReason: row.status === 'draft' ? row.returnedReason : null,
        reopenedUntil: iso(reopenedUntil),
        ...nextStep(status, row, awaitingNhsi),
      };
    }),
  };
}

/**
 * A submitter's (or a manager's) view of one organisation's periods in a collection (the route's rule has
 * decided the organisation is visible; a management-organisation user sees only its submitted returns).
 */
export async function getSubmitterHome(
  db: Db,
  principal: Principal,
  collectionId: number,
  organisationId: number,
  now = new Date(),
): Promise<SubmitterHome> {
  const collection = await existingCollection(db, collectionId);
  const organisation = await findRecipient(db, collectionId, organisationId);
  if (!organisation) throw notFound();
  const rows = await findOrganisationPeriods(db, viewerOf(principal), collectionId, organisationId);
  return homeOf(collection, organisation, rows, now);
}

/**
 * Every home of the user's own clerk and authoriser roles in one answer (decision 0034): the
 * submitter's home page and the landing page make one request whatever the number of collections.
 */
export async function getSubmitterHomes(
  db: Db,
  principal: Principal,
  now = new Date(),
): Promise<SubmitterHomes> {
  const pairs = await findOwnHomes(db, principal.userId, SUBMITTER_HOMES_LIMIT);
  const viewer = viewerOf(principal);
  // One small indexed statement per home, one after the other: a clerk at 50 organisations holds one
  // pool connection for ~50 short reads, not the whole pool at once.
  const items: SubmitterHomes['items'] = [];
  for (const pair of pairs) {
    const rows = await findOrganisationPeriods(db, viewer, pair.collectionId, pair.id);
    items.push({
      ...homeOf({ id: pair.collectionId, name: pair.collectionName }, pair, rows, now),
      guidance: pair.guidance,
    });
  }
  return { items, total: pairs.length === 0 ? 0 : Number(pairs[0]!.total) };
}

// ---- Manager home and admin overview -------------------------------------------------------------------

/** The collections a user manages or monitors, as the policy's viewer says; administrators every one (null). */
function monitoredCollectionIds(principal: Principal): readonly number[] | null {
  const viewer = viewerOf(principal);
  return viewer.everything ? null : viewer.monitored;
}

async function summarise(
  db: Db,
  principal: Principal,
  collections: readonly { id: number; name: string; status: ManagerCollection['status'] }[],
  now: Date,
): Promise<ManagerCollection[]> {
  const ids = collections.map((c) => c.id);
  const [{ current, next }, recipients] = await Promise.all([
    findCurrentAndNextPeriods(db, ids, now),
    countRecipients(db, ids),
  ]);
  const counts = await countByPeriod(
    db,
    [...current, ...next].map((p) => p.id),
    now,
  );
  const summary = (row: PeriodRow | undefined): PeriodSummary | null =>
    row ? { ...presentPeriodDates(row, now), counts: counts.get(row.id) ?? zeroCounts() } : null;
  return collections.map((c) => ({
    id: c.id,
    name: c.name,
    status: c.status,
    recipients: recipients.find((r) => r.collectionId === c.id)?.recipients ?? 0,
    currentPeriod: summary(current.find((p) => p.collectionId === c.id)),
    nextPeriod: summary(next.find((p) => p.collectionId === c.id)),
    abilities: collectionAbilitiesOf(principal, c),
  }));
}

export async function getManagerHome(db: Db, principal: Principal, now = new Date()) {
  const collections = await findCollections(db, {
    ids: monitoredCollectionIds(principal),
    excludeArchived: true,
  });
  return { collections: await summarise(db, principal, collections, now) };
}

/** One collection with the trend: the latest TREND_PERIODS periods that have opened, oldest first. */
export async function getManagerCollectionHome(
  db: Db,
  principal: Principal,
  collectionId: number,
  now = new Date(),
) {
  const collection = await existingCollection(db, collectionId);
  const [summary] = await summarise(db, principal, [collection], now);
  const periods = (await findOpenedPeriods(db, collectionId, now, TREND_PERIODS)).reverse();
  const counts = await countByPeriod(
    db,
    periods.map((p) => p.id),
    now,
  );
  return {
    ...summary!,
    periods: periods.map((p) => ({
      ...presentPeriodDates(p, now),
      counts: counts.get(p.id) ?? zeroCounts(),
    })),
  };
}

/**
 * Every reporting period of a collection, closed ones included, with its state and counts (the
 * reporting periods page: each leads to its monitoring, non-submitters, exports and reopens).
 */
export async function listCollectionPeriodSummaries(
  db: Db,
  collectionId: number,
  params: CollectionPeriodParams,
  now = new Date(),
): Promise<CollectionPeriodList> {
  const collection = await existingCollection(db, collectionId);
  const [periods, states] = await Promise.all([
    listCollectionPeriods(db, collectionId, now, params),
    countCollectionPeriodStates(db, collectionId, now),
  ]);
  const counts = await countByPeriod(
    db,
    periods.map((p) => p.id),
    now,
  );
  return {
    collection: { id: collection.id, name: collection.name },
    items: periods.map((p) => ({ ...presentPeriodDates(p, now), counts: counts.get(p.id) ?? zeroCounts() })),
    total: params.state === undefined ? states.Open + states.Future + states.Closed : states[params.state],
    states,
  };
}

export async function getAdminSubmissions(
  db: Db,
  principal: Principal,
  params: AdminSubmissionsParams,
  now = new Date(),
) {
  const collections = await findCollections(db, { ids: null, ...params });
  return {
    items: await summarise(db, principal, collections, now),
    total: collections.length > 0 ? Number(collections[0]!.total) : 0,
  };
}

// ---- One period ---------------------------------------------------------------------------------------

/** The period, as the route's rule located it (`located`, not read again), or read now. */
async function periodOrNotFound(db: Db, periodId: number, located?: PeriodWithCollectionRow) {
  const period = located ?? (await findPeriod(db, periodId));
  if (!period) throw notFound();
  return period;
}

/** A period's recipients with their status: filters, sort and paging in SQL, counts per status. */
export async function listPeriodSubmissions(
  db: Db,
  periodId: number,
  params: PeriodSubmissionParams,
  now = new Date(),
  located?: PeriodWithCollectionRow,
): Promise<PeriodSubmissionList> {
  const period = await periodOrNotFound(db, periodId, located);
  const [rows, counts] = await Promise.all([
    listPeriodRecipients(db, periodId, now, params),
    countPeriodRecipients(db, periodId, now, params),
  ]);
  return {
    period: {
      ...presentPeriodDates(period, now),
      collectionId: period.collectionId,
      collectionName: period.collectionName,
    },
    counts,
    items: rows.map((row) => presentRecipient(row, now)),
    total: params.status ? counts[params.status] : counts.expected,
  };
}

/** Organisations of the period that have not completed, each with its clerks and authorisers. */
export async function listNonSubmitters(
  db: Db,
  periodId: number,
  now = new Date(),
  located?: PeriodWithCollectionRow,
): Promise<NonSubmitterList> {
  const period = await periodOrNotFound(db, periodId, located);
  const [organisations, submitters] = await Promise.all([
    findNonSubmitters(db, periodId, now),
    findSubmitters(db, period.collectionId),
  ]);
  const contacts = new Map<number, NonSubmitterList['items'][number]['contacts']>();
  for (const s of submitters) {
    const list = contacts.get(s.organisationId) ?? [];
    list.push({ userId: s.userId, name: s.name, email: s.email, role: s.role });
    contacts.set(s.organisationId, list);
  }
  return {
    period: { id: period.id, name: period.name, collectionName: period.collectionName },
    items: organisations.map((o) => ({ ...o, contacts: contacts.get(o.organisationId) ?? [] })),
  };
}

// ---- One organisation across periods ------------------------------------------------------------------

function timelinessOf(status: PeriodSubmissionStatus, row: OrganisationPeriodRow): Timeliness {
  if (status === 'notYetRequired') return 'notYetRequired';
  if (status === 'missed') return 'missed';
  if (status !== 'completed') return 'pending';
  return row.submittedAt !== null && row.submittedAt < row.submissionsClose ? 'onTime' : 'late';
}

export async function getOrganisationHistory(
  db: Db,
  collectionId: number,
  organisationId: number,
  now = new Date(),
): Promise<OrganisationHistory> {
  const organisation = await findRecipient(db, collectionId, organisationId);
  if (!organisation) throw notFound();
  const rows = await findOrganisationPeriods(db, null, collectionId, organisationId);
  return {
    organisation: { id: organisation.id, name: organisation.name, code: organisation.code },
    periods: rows.map((row) => {
      const status = submissionStatusAt(row, factsOf(row), now);
      return {
        ...presentPeriodDates(row, now),
        status,
        timeliness: timelinessOf(status, row),
        submittedAt: iso(row.submittedAt),
        submittedBy: ref(row.submittedBy, row.submittedByName),
      };
    }),
  };
}

/** The collection the route names; 404 when there is none. */
async function existingCollection(db: Db, collectionId: number) {
  const collection = await findCollection(db, collectionId);
  if (!collection) throw notFound();
  return collection;
}
