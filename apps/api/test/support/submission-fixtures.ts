import { expect } from 'vitest';
import type { Client, PersonaKey, TestApp } from '../harness';
import { auditActionsFor } from './audit';

/**
 * Test fixtures for the submissions tests: a fresh reporting period of the demo collection per test
 * (so tests never share a submission), URLs, and a complete answer to the demo form.
 */

let nextYear = 2000;

/** The id of the demo collection's newest form version (data quality rules make new versions). */
export async function demoFormId(t: TestApp): Promise<number> {
  const form = await t.database.db
    .selectFrom('form')
    .select('id')
    .where('collectionId', '=', await t.demoCollectionId())
    .orderBy('version', 'desc')
    .executeTakeFirstOrThrow();
  return form.id;
}

/** A new period of the demo collection, open now unless `closed`, on its newest form unless `formId`; its id. */
export async function newPeriod(
  t: TestApp,
  options: { closed?: boolean; formId?: number } = {},
): Promise<number> {
  const db = t.database.db;
  const collectionId = await t.demoCollectionId();
  const formId = options.formId ?? (await demoFormId(t));
  const year = nextYear++;
  const day = 86_400_000;
  const now = Date.now();
  const row = await db
    .insertInto('reportingPeriod')
    .values({
      collectionId,
      formId,
      name: `Test ${year}`,
      start: `${year}-01-01`,
      end: `${year}-01-31`,
      submissionsOpen: new Date(now - 10 * day),
      submissionsClose: new Date(options.closed ? now - day : now + 10 * day),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Closes a period as time passing would: its close `msAgo` before now, straight in the table. */
export async function closePeriodNow(t: TestApp, periodId: number, msAgo = 1000): Promise<void> {
  await t.database.db
    .updateTable('reportingPeriod')
    .set({ submissionsClose: new Date(Date.now() - msAgo) })
    .where('id', '=', periodId)
    .execute();
}

/** A new version of the demo collection's form with this definition, straight into the table; its id. */
export async function addDemoFormVersion(t: TestApp, definition: object): Promise<number> {
  const db = t.database.db;
  const collectionId = await t.demoCollectionId();
  const { version } = await db
    .selectFrom('form')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('collectionId', '=', collectionId)
    .executeTakeFirstOrThrow();
  const form = await db
    .insertInto('form')
    .values({ collectionId, version: Number(version) + 1, definition: JSON.stringify(definition) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return form.id;
}

export interface Page {
  collectionId: number;
  periodId: number;
  organisationId: number;
  /** .../Collection/{id}/ReportingPeriod/{rpId}/Organisation/{orgId}/Submission */
  url: string;
}

export async function pageFor(t: TestApp, periodId: number, code = 'RJ1'): Promise<Page> {
  const collectionId = await t.demoCollectionId();
  const organisationId = await t.organisationId(code);
  return {
    collectionId,
    periodId,
    organisationId,
    url: `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Organisation/${organisationId}/Submission`,
  };
}

/** The entry page's data quality context of a return (rules, last return, last period's statistics). */
export const dataQualityUrl = (page: Page) => `${page.url.replace(/\/Submission$/, '')}/DataQuality`;

/** The return page of an organisation (RJ1 unless `code`) in a new period of the demo collection. */
export async function newPage(t: TestApp, options: { closed?: boolean; code?: string } = {}): Promise<Page> {
  return pageFor(t, await newPeriod(t, { closed: options.closed }), options.code);
}

/** Every required answer of the demo form. */
export const completeAnswers = {
  headcount: 120,
  vacancies: 4,
  sicknessDays: 31,
  covidRelated: 'no',
};

/** Takes the lock (200) and returns the view. */
export async function lock(client: Client, page: Page) {
  const res = await client.post(`${page.url}/Lock`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A new period's return page (RJ1), locked by `persona`: the page, their client and the lock's view. */
export async function lockNewPage(t: TestApp, persona: PersonaKey) {
  const page = await newPage(t);
  const client = await t.as(persona);
  const view = await lock(client, page);
  return { page, client, view };
}

export function save(
  client: Client,
  submissionId: number,
  body: {
    content: Record<string, unknown>;
    status?: 'draft' | 'completed';
    baseRevisionId: number | null;
    completedPages?: string[];
    /** A submit's declaration, ticked on the check-your-answers page. */
    declaration?: boolean;
    /** A draft sent for sign-off (decision 0036). */
    sendForSignOff?: boolean;
  },
) {
  return client.post(`/v1/api/Submission/${submissionId}/SubmissionRevision`, { status: 'draft', ...body });
}

/** A submit: the declaration ticked, every required answer unless `content` says otherwise. */
export function submit(
  client: Client,
  submissionId: number,
  body: { content?: Record<string, unknown>; baseRevisionId: number | null },
) {
  return save(client, submissionId, {
    content: completeAnswers,
    ...body,
    status: 'completed',
    declaration: true,
  });
}

/** Locks and saves one draft (201); returns the view after the save, as the page reads it. */
export async function startDraft(
  client: Client,
  page: Page,
  content: Record<string, unknown> = { headcount: 1 },
) {
  const view = await lock(client, page);
  const res = await save(client, view.submissionId, { content, baseRevisionId: view.currentRevisionId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const after = await client.get(page.url);
  expect(after.status).toBe(200);
  return after.body;
}

/**
 * Locks the return and sends it for sign-off (decision 0036; 201), every answer unless `content` says
 * otherwise; returns the lock's view and the save's answer.
 */
export async function sendForSignOff(
  client: Client,
  page: Page,
  content: Record<string, unknown> = completeAnswers,
) {
  const view = await lock(client, page);
  const sent = await save(client, view.submissionId, {
    content,
    baseRevisionId: view.currentRevisionId,
    sendForSignOff: true,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return { view, sent };
}

/** Runs `run` with the page's organisation's recipient flags set as given, then sets them back as they were. */
export async function withRecipientFlags(
  t: TestApp,
  page: Page,
  flags: { isTrustAuthorisationRequired?: boolean; isNhsiAuthorisationRequired?: boolean },
  run: () => Promise<void>,
) {
  const db = t.database.db;
  const row = () =>
    db
      .updateTable('collectionOrganisation')
      .where('collectionId', '=', page.collectionId)
      .where('organisationId', '=', page.organisationId);
  const before = await db
    .selectFrom('collectionOrganisation')
    .select(['isNhsiAuthorisationRequired', 'isTrustAuthorisationRequired'])
    .where('collectionId', '=', page.collectionId)
    .where('organisationId', '=', page.organisationId)
    .executeTakeFirstOrThrow();
  await row().set(flags).execute();
  try {
    await run();
  } finally {
    await row().set(before).execute();
  }
}

/** The audit actions written for one submission, oldest first. */
export const auditActions = (t: TestApp, submissionId: number) =>
  auditActionsFor(t, 'submission', { entityId: submissionId });
