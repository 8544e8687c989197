import { beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-users';
import { type Client, type PersonaKey, type Response, useTestApp } from './harness';
import {
  buildVisibilityScenario,
  completeAnswers,
  saveReturn,
  type VisibilityScenario,
} from './visibility-scenario';

/**
 * Abilities from the server (issue 28): the screens offer an action only where the record the API sent
 * says the caller may take it. Here, for every demo persona, each ability a record carries is tied to
 * the API's answer to that action, through HTTP: true, and the call is done (2xx); false, and it is
 * refused (403, 404, or 409 where the record's state does not allow it). A call that changed anything
 * is undone before the next, so every persona meets the same records.
 */
const personas = demoUsers.map((u) => u.key as PersonaKey);
const REFUSED = [403, 404, 409];
const api = '/v1/api';

let s: VisibilityScenario;
let demoPeriod: number;

const t = useTestApp({ RATE_LIMIT_SIGN_IN_MAX: '100000' });
beforeAll(async () => {
  s = await buildVisibilityScenario(t);
  const now = new Date();
  demoPeriod = (
    await t.database.db
      .selectFrom('reportingPeriod')
      .select('id')
      .where('collectionId', '=', s.demo)
      .where('submissionsOpen', '<=', now)
      .where('submissionsClose', '>', now)
      .executeTakeFirstOrThrow()
  ).id;
  // RJ1's demo return: one saved draft (a revision that is not the official one).
  await saveReturn(t, 'authoriserA', demoPage(), { content: { headcount: 1 }, status: 'draft' });
}, 120_000);

const demoPage = () =>
  `${api}/Collection/${s.demo}/ReportingPeriod/${demoPeriod}/Organisation/${s.rj1}/Submission`;
const regulatedPage = (organisationId: number) =>
  `${api}/Collection/${s.regulated.id}/ReportingPeriod/${s.regulated.periodId}/Organisation/${organisationId}/Submission`;

/** The ability and the API's answer agree: true and done, false and refused. */
function agrees(
  persona: PersonaKey,
  what: string,
  ability: boolean,
  res: Response,
  allowed = [200, 201, 204],
) {
  const expected = ability ? `one of ${allowed.join(', ')}` : `one of ${REFUSED.join(', ')}`;
  const ok = ability ? allowed.includes(res.status) : REFUSED.includes(res.status);
  expect(
    ok,
    `${persona}: ${what} is ${ability}, the API answered ${res.status} (expected ${expected}): ${res.text}`,
  ).toBe(true);
}

/** The body PUT /Collection/{id} takes, as the collection stands (saving it changes nothing). */
const inputOf = (c: Record<string, unknown>) =>
  Object.fromEntries(
    [
      'name',
      'notes',
      'assetOwners',
      'users',
      'isEmailEnabled',
      'iconName',
      'trustAuthorisation',
      'nhsiAuthorisation',
      'fileType',
      'period',
    ].map((k) => [k, c[k]]),
  );

async function proveCollection(persona: PersonaKey, client: Client, id: number) {
  const read = await client.get(`${api}/Collection/${id}`);
  if (read.status !== 200) return false;
  const { abilities } = read.body;
  agrees(
    persona,
    'canMonitor',
    abilities.canMonitor,
    await client.get(`${api}/View/Manager/Home/Collection/${id}`),
  );
  agrees(
    persona,
    'canAmend',
    abilities.canAmend,
    await client.put(`${api}/Collection/${id}`, inputOf(read.body)),
  );
  // Deleting, and publishing a draft, cannot be undone: proven refused here, and done on a scratch draft.
  if (!abilities.canDelete)
    agrees(persona, 'canDelete', false, await client.delete(`${api}/Collection/${id}`));
  if (!abilities.canPublish)
    agrees(
      persona,
      'canPublish',
      false,
      await client.patch(`${api}/Collection/${id}/Status`, { status: 'Published' }),
    );
  const archived = await client.patch(`${api}/Collection/${id}/Status`, { status: 'Archived' });
  agrees(persona, 'canArchive', abilities.canArchive, archived);
  if (archived.status === 200) {
    // Archived, it may be restored (published again): the record says so, and the API does it.
    const again = await client.get(`${api}/Collection/${id}`);
    expect(again.body.abilities).toMatchObject({ canPublish: true, canArchive: false, canAmend: false });
    agrees(
      persona,
      'canPublish (archived)',
      true,
      await client.patch(`${api}/Collection/${id}/Status`, { status: 'Published' }),
    );
  }
  return true;
}

/** Puts the regulated RJ1 return back as the scenario made it: submitted, awaiting NHSI authorisation. */
async function resubmitRegulatedRj1() {
  const manager = await t.as('manager');
  const view = await manager.get(regulatedPage(s.rj1));
  if (view.body.status === 'completed')
    expect(
      (await manager.post(`${api}/Submission/${view.body.submissionId}/Return`, { reason: 'Reset' })).status,
    ).toBe(200);
  await saveReturn(t, 'authoriserA', regulatedPage(s.rj1), {
    content: completeAnswers,
    status: 'completed',
    declaration: true,
  });
}

async function proveReturn(persona: PersonaKey, client: Client, page: string, restore: () => Promise<void>) {
  const read = await client.get(page);
  if (read.status !== 200) return false;
  const view = read.body;
  const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
  agrees(persona, 'canReopen', view.canReopen, await client.post(`${page}/Reopen`, { until }));

  const locked = await client.post(`${page}/Lock`);
  agrees(persona, 'canEdit', view.canEdit, locked);
  if (locked.status === 200) await client.delete(`${page}/Lock`);

  if (view.submissionId !== null) {
    const id = view.submissionId as number;
    const returned = await client.post(`${api}/Submission/${id}/Return`, { reason: 'A figure is missing' });
    agrees(persona, 'canReturn', view.canReturn, returned);
    if (returned.status === 200) await restore();

    const authorised = await client.post(`${api}/Submission/${id}/NhsiAuthorisation`);
    agrees(persona, 'canAuthoriseNhsi', view.canAuthoriseNhsi, authorised);
    if (authorised.status === 200) await restore();

    // A revision that is not the official one (the official one is never deleted, whoever asks).
    const now = (await (await t.as('superAdmin')).get(page)).body;
    const revision = now.submissionRevisions.find((r: { id: number }) => r.id !== now.officialRevisionId);
    if (revision) {
      const deleted = await client.put(`${api}/Submission/SubmissionRevisions/SoftDelete`, {
        revisionIds: [revision.id],
      });
      agrees(persona, 'canDeleteRevisions', view.canDeleteRevisions, deleted);
      if (deleted.status === 204) await restore();
    }
  }

  // The return's page links to the collection's data quality rules: the collection's own canAmend.
  const collection = await client.get(`${api}/Collection/${view.collectionId}`);
  expect(view.canChangeRules, `${persona}: canChangeRules`).toBe(
    collection.status === 200 && collection.body.abilities.canAmend,
  );
  return true;
}

describe('abilities the API reports are the answers it gives', () => {
  it.each(personas)('%s: collections (record and manager list) and returns', async (persona) => {
    const client = await t.as(persona);
    const seen: string[] = [];
    for (const id of [s.demo, s.regulated.id, s.draft])
      if (await proveCollection(persona, client, id)) seen.push(`collection ${id}`);

    // A draft of the caller's own making, to prove delete (and publish's permission) where it is offered.
    const manager = await t.as('manager');
    const scratch = (await manager.post(`${api}/Collection`, { name: `Scratch for ${persona}` })).body
      .id as number;
    const scratchRead = await client.get(`${api}/Collection/${scratch}`);
    if (scratchRead.status === 200) {
      const { abilities } = scratchRead.body;
      // Allowed, publishing a collection with nothing set up answers 400 with what is missing.
      agrees(
        persona,
        'canPublish (draft)',
        abilities.canPublish,
        await client.patch(`${api}/Collection/${scratch}/Status`, { status: 'Published' }),
        [400],
      );
      agrees(
        persona,
        'canDelete (draft)',
        abilities.canDelete,
        await client.delete(`${api}/Collection/${scratch}`),
      );
    }

    // The manager lists carry the same abilities as the collection itself.
    const home = await client.get(`${api}/View/Manager/Home`);
    if (home.status === 200)
      for (const item of home.body.collections) {
        const one = await client.get(`${api}/Collection/${item.id}`);
        expect(item.abilities, `${persona}: manager home, collection ${item.id}`).toEqual(one.body.abilities);
      }

    const restoreDemo = async () => {
      await saveReturn(t, 'authoriserA', demoPage(), { content: { headcount: 1 }, status: 'draft' });
    };
    const restoreRgt = async () => {
      await saveReturn(t, 'clerkB', regulatedPage(s.rgt), { content: { headcount: 1 }, status: 'draft' });
    };
    if (await proveReturn(persona, client, demoPage(), restoreDemo)) seen.push('demo RJ1');
    if (await proveReturn(persona, client, regulatedPage(s.rj1), resubmitRegulatedRj1))
      seen.push('regulated RJ1');
    if (await proveReturn(persona, client, regulatedPage(s.rgt), restoreRgt)) seen.push('regulated RGT');
    expect(seen.length, `${persona} saw nothing to check`).toBeGreaterThan(0);
  });
});
