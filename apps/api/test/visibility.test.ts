import { beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../src/db/seed/demo-users';
import { type Client, type PersonaKey, useTestApp } from './harness';
import { buildVisibilityScenario, type VisibilityScenario } from './visibility-scenario';

/**
 * One visibility rule per resource (decision 0022), proven through HTTP for every demo persona: every
 * record a list returns opens with 200 in its detail routes, every record in the database that a list
 * leaves out answers 404 in them, and each list agrees with the list above it (a collection's periods,
 * recipients and returns exist for a user exactly when the collection does). Records come from the
 * database, so nothing a persona cannot see is missed because no list showed it.
 */
const personas = demoUsers.map((u) => u.key as PersonaKey);

let s: VisibilityScenario;
const t = useTestApp();
beforeAll(async () => {
  s = await buildVisibilityScenario(t);
}, 180_000);

const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => r.id);

interface Seen {
  collections: number[];
  /** `${collectionId}:${organisationId}` of the recipients listed. */
  recipients: string[];
  /** Submission ids the persona's returns lists (the organisation's periods) show. */
  submissions: number[];
  /** `${collectionId}:${periodId}:${organisationId}` of the returns (submission pages) those lists show. */
  pages: string[];
  mismatches: string[];
}

/** Lists as one persona, then every detail route for every record, visible or not. */
async function survey(persona: PersonaKey): Promise<Seen> {
  const client: Client = await t.as(persona);
  const db = t.database.db;
  const mismatches: string[] = [];
  const get = async (url: string) => {
    const res = await client.get(url);
    if (![200, 404].includes(res.status)) mismatches.push(`${url}: ${res.status}`);
    return res;
  };
  const agree = async (url: string, listed: boolean, list: string) => {
    const { status } = await get(url);
    if (status !== (listed ? 200 : 404))
      mismatches.push(`${url}: ${status}, but ${list} ${listed ? 'lists' : 'leaves out'} it`);
  };

  const collections = ids((await get('/v1/api/Collection?pageSize=100')).body.items);
  const schedules = ids((await get('/v1/api/Schedule')).body);
  const seen: Seen = { collections, recipients: [], submissions: [], pages: [], mismatches };

  for (const schedule of await db.selectFrom('schedule').select(['id', 'collectionId']).execute()) {
    await agree(`/v1/api/Schedule/${schedule.id}`, schedules.includes(schedule.id), 'GET /Schedule');
    if (schedules.includes(schedule.id) !== collections.includes(schedule.collectionId))
      mismatches.push(`schedule ${schedule.id}: GET /Schedule and GET /Collection disagree`);
  }

  for (const { id } of await db.selectFrom('collection').select('id').orderBy('id').execute()) {
    const listed = collections.includes(id);
    for (const detail of ['', '/Form', '/Schedule/Default', '/ReportingPeriod', '/Organisation?pageSize=100'])
      await agree(`/v1/api/Collection/${id}${detail}`, listed, 'GET /Collection');
    // Monitoring views and exports are for managers: 403 to others who see the collection, 404 to the rest.
    for (const monitoring of [`/View/Manager/Home/Collection/${id}`, `/Collection/${id}/Export?format=csv`]) {
      const { status } = await client.get(`/v1/api${monitoring}`);
      if (!(listed ? [200, 403].includes(status) : status === 404))
        mismatches.push(
          `${monitoring}: ${status}, but GET /Collection ${listed ? 'lists' : 'leaves out'} it`,
        );
    }
    const periods = await db
      .selectFrom('reportingPeriod')
      .select('id')
      .where('collectionId', '=', id)
      .execute();
    const listedPeriods = listed ? ids((await get(`/v1/api/Collection/${id}/ReportingPeriod`)).body) : [];
    for (const period of periods)
      await agree(
        `/v1/api/Collection/${id}/ReportingPeriod/${period.id}`,
        listedPeriods.includes(period.id),
        'GET .../ReportingPeriod',
      );
    if (listed && listedPeriods.length !== periods.length)
      mismatches.push(`collection ${id}: ${listedPeriods.length} of ${periods.length} periods listed`);

    const recipients = listed
      ? (await get(`/v1/api/Collection/${id}/Organisation?pageSize=100`)).body.items.map(
          (r: { organisationId: number }) => r.organisationId,
        )
      : [];
    const allRecipients = await db
      .selectFrom('collectionOrganisation')
      .select('organisationId')
      .where('collectionId', '=', id)
      .execute();
    for (const { organisationId } of allRecipients) {
      const home = `/v1/api/View/Submitter/Home/Collection/${id}/Organisation/${organisationId}`;
      const isListed = recipients.includes(organisationId);
      await agree(home, isListed, 'GET .../Organisation');
      if (!isListed) continue;
      seen.recipients.push(`${id}:${organisationId}`);
      // The organisation's returns, one per period, and each return's own pages.
      const shown = (await get(home)).body.periods as { id: number; submissionId: number | null }[];
      for (const period of periods) {
        const page = `/v1/api/Collection/${id}/ReportingPeriod/${period.id}/Organisation/${organisationId}/Submission`;
        await agree(
          page,
          shown.some((p) => p.id === period.id),
          'the organisation home',
        );
      }
      seen.submissions.push(...shown.flatMap((p) => (p.submissionId === null ? [] : [p.submissionId])));
      seen.pages.push(...shown.map((p) => `${id}:${p.id}:${organisationId}`));
    }
  }

  for (const sub of await db.selectFrom('submission').select(['id', 'currentRevisionId']).execute()) {
    const listed = seen.submissions.includes(sub.id);
    await agree(`/v1/api/Submission/SubmissionRevisions?submissionId=${sub.id}`, listed, 'the returns lists');
    await agree(`/v1/api/Submission/${sub.id}/Pdf`, listed, 'the returns lists');
    if (sub.currentRevisionId !== null)
      await agree(`/v1/api/SubmissionRevision/${sub.currentRevisionId}`, listed, 'the returns lists');
  }

  // The worklists, the submitter's returns and own organisations list only what the lists above show.
  for (const kind of ['SignOff', 'Returned', 'NhsiAuthorisation']) {
    const res = await client.get(`/v1/api/View/Worklist/${kind}`);
    if (res.status !== 200) continue;
    for (const item of res.body.items as { submissionId: number }[])
      if (!seen.submissions.includes(item.submissionId))
        mismatches.push(`worklist ${kind} shows submission ${item.submissionId}, which no returns list does`);
  }
  const returns = (await get('/v1/api/View/Submitter/Returns?periods=all&pageSize=100')).body;
  for (const r of returns.items as {
    collection: { id: number };
    period: { id: number };
    organisation: { id: number };
  }[])
    if (!seen.pages.includes(`${r.collection.id}:${r.period.id}:${r.organisation.id}`))
      mismatches.push(`GET /View/Submitter/Returns shows ${JSON.stringify(r)}, which no returns list does`);
  for (const c of returns.collections as { id: number }[])
    if (!collections.includes(c.id)) mismatches.push(`GET /View/Submitter/Returns offers collection ${c.id}`);
  const own = (await get('/v1/api/Collection/Organisation')).body.items as {
    collectionId: number;
    organisationId: number;
  }[];
  for (const pair of own)
    if (!seen.recipients.includes(`${pair.collectionId}:${pair.organisationId}`))
      mismatches.push(`GET /Collection/Organisation lists ${pair.collectionId}:${pair.organisationId}`);
  return seen;
}

describe('one visibility rule: every list and its detail routes agree, for every persona', () => {
  const results = new Map<PersonaKey, Seen>();
  beforeAll(async () => {
    for (const persona of personas) results.set(persona, await survey(persona));
  }, 600_000);

  it.each(personas)('%s: what a list shows opens (200), what it leaves out is not found (404)', (persona) => {
    expect(results.get(persona)?.mismatches).toEqual([]);
  });

  it('sees the collections the roles give: administrators all, managers theirs, submitters published ones', () => {
    const collections = (p: PersonaKey) => [...(results.get(p)?.collections ?? [])].sort();
    const all = [s.demo, s.regulated.id, s.draft].sort();
    expect(collections('superAdmin')).toEqual(expect.arrayContaining(all));
    expect(collections('collectionAdmin')).toEqual(expect.arrayContaining(all));
    expect(collections('manager')).toEqual(all);
    expect(collections('submissionManager')).toEqual([s.demo]);
    // clerkA holds a role in the draft collection too: drafts are not for submitters.
    expect(collections('clerkA')).toEqual([s.demo]);
    expect(collections('authoriserA')).toEqual([s.demo, s.regulated.id].sort());
    expect(collections('clerkB')).toEqual([s.demo, s.regulated.id].sort());
    expect(collections('authoriserB')).toEqual([s.demo]);
    // The demo collection does not require NHSI authorisation; the regulated one does.
    expect(collections('nhsi')).toEqual([s.regulated.id]);
  });

  it('shows submitters their own organisations only, and the NHSI user only submitted returns', () => {
    const recipients = (p: PersonaKey) =>
      results.get(p)?.recipients.filter((r) => !r.startsWith(`${s.demo}:`));
    expect(recipients('clerkB')).toEqual([`${s.regulated.id}:${s.rgt}`]);
    expect(recipients('authoriserA')).toEqual([`${s.regulated.id}:${s.rj1}`]);
    const nhsi = results.get('nhsi')!;
    expect(nhsi.submissions).toEqual([s.regulated.rj1Submission]);
    expect(results.get('clerkB')?.submissions).toContain(s.regulated.rgtSubmission);
    expect(results.get('clerkB')?.submissions).not.toContain(s.regulated.rj1Submission);
    expect(results.get('manager')?.submissions).toEqual(
      expect.arrayContaining([s.regulated.rj1Submission, s.regulated.rgtSubmission]),
    );
  });

  it('gives the NHSI user the regulated return to authorise, which they can open and authorise', async () => {
    const nhsi = await t.as('nhsi');
    const worklist = await nhsi.get('/v1/api/View/Worklist/NhsiAuthorisation');
    expect(worklist.body.items.map((i: { submissionId: number }) => i.submissionId)).toEqual([
      s.regulated.rj1Submission,
    ]);
    const page = `/v1/api/Collection/${s.regulated.id}/ReportingPeriod/${s.regulated.periodId}/Organisation/${s.rj1}/Submission`;
    expect((await nhsi.get(page)).body.awaitingNhsiAuthorisation).toBe(true);
    expect((await nhsi.get(`/v1/api/Submission/${s.regulated.rj1Submission}/Pdf`)).status).toBe(200);
    // RGT's draft is nobody's business at NHS England yet: 404 on every route that names it.
    expect(
      (await nhsi.post(`/v1/api/Submission/${s.regulated.rgtSubmission}/NhsiAuthorisation`)).status,
    ).toBe(404);
    expect((await nhsi.get(`/v1/api/Submission/${s.regulated.rgtSubmission}/Pdf`)).status).toBe(404);
    expect(
      (await nhsi.post(`/v1/api/Submission/${s.regulated.rj1Submission}/NhsiAuthorisation`)).status,
    ).toBe(200);
    // Given NHSI authorisation, the return stays in view.
    expect((await nhsi.get(page)).body.nhsiAuthorisedBy).not.toBeNull();
  });
});

describe('the user directory is limited to what a role needs', () => {
  it('lets a manager find the people to give roles in their collection, and give them', async () => {
    const manager = await t.as('manager');
    const found = await manager.get('/v1/api/User?query=RGT');
    const emails = found.body.items.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['clerk.b@dcf.example', 'authoriser.b@dcf.example']));
    const authoriserB = found.body.items.find(
      (u: { email: string }) => u.email === 'authoriser.b@dcf.example',
    );
    const give = await manager.put(
      `/v1/api/Collection/${s.regulated.id}/Organisation/${s.rgt}/SubmitterAccess`,
      {
        userId: authoriserB.id,
        roles: ['Authoriser'],
      },
    );
    expect(give.status).toBe(200);
    const seen = await (await t.as('authoriserB')).get('/v1/api/Collection?pageSize=100');
    expect(ids(seen.body.items)).toContain(s.regulated.id);
  });

  it('does not let a submitter, a submission manager or the NHSI user list the directory (403)', async () => {
    for (const persona of ['clerkA', 'authoriserA', 'clerkB', 'submissionManager', 'nhsi'] as const) {
      const res = await (await t.as(persona)).get('/v1/api/User?query=a');
      expect(res.status, persona).toBe(403);
      expect(res.body.items, persona).toBeUndefined();
    }
  });
});
