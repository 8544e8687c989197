import { expect } from 'vitest';
import type { Client, PersonaKey, TestApp } from './harness';

/**
 * Two more collections beside the demo one (whose NHSI authorisation is notRequired), set up through the
 * API by the demo manager, so every persona meets visible and hidden records:
 * - "Regulated returns": NHSI authorisation mandatory, published, RJ1 and RGT; authoriserA is RJ1's
 *   Authoriser and has submitted RJ1's return (awaiting NHSI authorisation); clerkB is RGT's clerk and has
 *   saved a draft (not for the NHSI user's eyes).
 * - "Draft returns": still a draft, RJ1 its recipient and clerkA its clerk (a submitter sees only
 *   published collections).
 */
export interface VisibilityScenario {
  demo: number;
  regulated: { id: number; periodId: number; rj1Submission: number; rgtSubmission: number };
  draft: number;
  rj1: number;
  rgt: number;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every required answer of the demo form (the new collections use its definition). */
export const completeAnswers = { headcount: 120, vacancies: 4, sicknessDays: 31, covidRelated: 'no' };

async function ok<T = any>(what: string, response: Promise<{ status: number; body: T; text: string }>) {
  const res = await response;
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
  return res.body;
}

/** A user's id as the manager finds them in the directory (by exact email: the way to reach anyone). */
async function findUser(manager: Client, email: string): Promise<number> {
  const found = await ok('directory', manager.get(`/v1/api/User?query=${encodeURIComponent(email)}`));
  const user = found.items.find((u: { email: string }) => u.email === email);
  expect(user, email).toBeDefined();
  return user.id;
}

async function newCollection(manager: Client, name: string, definition: unknown, recipients: number[]) {
  const collection = await ok(
    'collection',
    manager.post('/v1/api/Collection', {
      name,
      period: 'financialYear',
      trustAuthorisation: 'notRequired',
      nhsiAuthorisation: 'mandatory',
    }),
  );
  await ok('form', manager.post(`/v1/api/Collection/${collection.id}/Form`, { definition }));
  const now = Date.now();
  const period = await ok(
    'period',
    manager.post(`/v1/api/Collection/${collection.id}/ReportingPeriod`, {
      name: `${name} period`,
      start: isoDay(now - 40 * DAY),
      end: isoDay(now - 10 * DAY),
      submissionsOpen: new Date(now - 5 * DAY).toISOString(),
      submissionsClose: new Date(now + 30 * DAY).toISOString(),
    }),
  );
  await ok(
    'recipients',
    manager.put(`/v1/api/Collection/${collection.id}/Organisation/Bulk`, { add: recipients, remove: [] }),
  );
  return { id: collection.id as number, periodId: period.id as number };
}

async function giveRole(
  manager: Client,
  collectionId: number,
  organisationId: number,
  email: string,
  role: 'DataEntryClerk' | 'Authoriser',
) {
  const userId = await findUser(manager, email);
  await ok(
    'submitter access',
    manager.put(`/v1/api/Collection/${collectionId}/Organisation/${organisationId}/SubmitterAccess`, {
      userId,
      roles: [role],
    }),
  );
}

/** Locks the page and saves once; returns the submission id. */
export async function saveReturn(
  t: TestApp,
  persona: PersonaKey,
  page: string,
  body: { content: object; status: 'draft' | 'completed'; declaration?: boolean },
) {
  const client = await t.as(persona);
  const view = await ok('lock', client.post(`${page}/Lock`));
  await ok(
    'save',
    client.post(`/v1/api/Submission/${view.submissionId}/SubmissionRevision`, {
      ...body,
      baseRevisionId: view.currentRevisionId,
    }),
  );
  await ok('release', client.delete(`${page}/Lock`));
  return view.submissionId as number;
}

export async function buildVisibilityScenario(t: TestApp): Promise<VisibilityScenario> {
  const demo = await t.demoCollectionId();
  const rj1 = await t.organisationId('RJ1');
  const rgt = await t.organisationId('RGT');
  const manager = await t.as('manager');
  const [form] = await ok('demo form', manager.get(`/v1/api/Collection/${demo}/Form`));
  const definition = form.definition;

  const regulated = await newCollection(manager, 'Regulated returns', definition, [rj1, rgt]);
  await ok('publish', manager.patch(`/v1/api/Collection/${regulated.id}/Status`, { status: 'Published' }));
  await giveRole(manager, regulated.id, rj1, 'authoriser.a@dcf.example', 'Authoriser');
  await giveRole(manager, regulated.id, rgt, 'clerk.b@dcf.example', 'DataEntryClerk');
  const page = (organisationId: number) =>
    `/v1/api/Collection/${regulated.id}/ReportingPeriod/${regulated.periodId}/Organisation/${organisationId}/Submission`;
  const rj1Submission = await saveReturn(t, 'authoriserA', page(rj1), {
    content: completeAnswers,
    status: 'completed',
    declaration: true,
  });
  const rgtSubmission = await saveReturn(t, 'clerkB', page(rgt), {
    content: { headcount: 1 },
    status: 'draft',
  });

  const draft = await newCollection(manager, 'Draft returns', definition, [rj1]);
  await giveRole(manager, draft.id, rj1, 'clerk.a@dcf.example', 'DataEntryClerk');

  return { demo, regulated: { ...regulated, rj1Submission, rgtSubmission }, draft: draft.id, rj1, rgt };
}
