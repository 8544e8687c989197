import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { openNonRecipients } from '../../../test/support/returns-fixture';
import { createCollection, insertPeriod, insertSubmissions } from '../../../test/support/views-scenario';

const DAY = 86_400_000;
const now = Date.now();
const days = (n: number) => new Date(now + n * DAY);

let clerkId: number;
let orgs: { id: number; code: string; name: string }[];
let alpha: { collectionId: number; openId: number; closedId: number; futureId: number };
let beta: { collectionId: number; openId: number };

interface Row {
  collection: { id: number; name: string };
  organisation: { id: number; code: string; name: string };
  period: { id: number; name: string };
  status: string;
  displayState: string;
  deadline: string;
  deadlineText: string;
  returned: boolean;
  action: string;
}
interface List {
  items: Row[];
  total: number;
  collections: { id: number; name: string }[];
}

const url = (query = '') => `/v1/api/View/Submitter/Returns${query}`;
const read = async (query = '') => {
  const res = await (await t.asUser(clerkId)).get<List>(url(query));
  expect(res.status).toBe(200);
  return res.body;
};

/**
 * A clerk at six trusts: collection Alpha at all six (closed, open and future periods), Beta at two
 * (one open period), a draft collection at one (never shown), and the demo collection's trusts, where
 * the clerk has no role (never shown).
 */
const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  orgs = await openNonRecipients(db, 6);
  const ids = orgs.map((o) => o.id);
  clerkId = (
    await db
      .insertInto('appUser')
      .values({ idpId: 'test|multi-clerk', email: 'multi.clerk@dcf.example', name: 'Mo Multi' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const a = await createCollection(db, 'Alpha returns', ids);
  alpha = {
    collectionId: a.collectionId,
    closedId: await insertPeriod(db, a.collectionId, a.formId, {
      name: 'Alpha closed',
      open: days(-20),
      close: days(-10),
    }),
    openId: await insertPeriod(db, a.collectionId, a.formId, {
      name: 'Alpha open',
      open: days(-2),
      close: days(5),
    }),
    futureId: await insertPeriod(db, a.collectionId, a.formId, {
      name: 'Alpha future',
      open: days(30),
      close: days(40),
    }),
  };
  const b = await createCollection(db, 'Beta returns', ids.slice(0, 2));
  beta = {
    collectionId: b.collectionId,
    openId: await insertPeriod(db, b.collectionId, b.formId, {
      name: 'Beta open',
      open: days(-1),
      close: days(2),
    }),
  };
  const draft = await createCollection(db, 'Draft returns', ids.slice(0, 1));
  await db.updateTable('collection').set({ status: 'draft' }).where('id', '=', draft.collectionId).execute();
  await insertPeriod(db, draft.collectionId, draft.formId, {
    name: 'Draft open',
    open: days(-1),
    close: days(2),
  });
  await db
    .insertInto('collectionOrganisationRole')
    .values([
      ...ids.map((organisationId) => ({
        collectionId: a.collectionId,
        organisationId,
        userId: clerkId,
        role: 'DataEntryClerk' as const,
      })),
      ...ids.slice(0, 2).map((organisationId) => ({
        collectionId: b.collectionId,
        organisationId,
        userId: clerkId,
        role: 'DataEntryClerk' as const,
      })),
      { collectionId: draft.collectionId, organisationId: ids[0]!, userId: clerkId, role: 'DataEntryClerk' },
    ])
    .execute();
  const scope = { collectionId: a.collectionId, formId: a.formId, userId: clerkId };
  await insertSubmissions(db, { ...scope, periodId: alpha.openId }, [
    { organisationId: ids[0]!, revisions: ['draft'] },
    { organisationId: ids[1]!, revisions: ['completed'] },
  ]);
  await insertSubmissions(db, { ...scope, periodId: alpha.closedId }, [
    { organisationId: ids[2]!, revisions: ['completed'], submittedAt: days(-12) },
    { organisationId: ids[3]!, revisions: ['draft'], reopenedUntil: days(3) },
  ]);
}, 60_000);

describe('GET /View/Submitter/Returns', () => {
  it('lists the open returns of every organisation and collection in one answer, nearest deadline first', async () => {
    const list = await read();
    // Open now: Alpha open x 6, Beta open x 2, and Alpha closed reopened for the fourth trust.
    expect(list.total).toBe(9);
    expect(list.items).toHaveLength(9);
    expect(list.items.slice(0, 2).map((r) => r.period.name)).toEqual(['Beta open', 'Beta open']);
    expect(list.items.at(-1)!.period.name).toBe('Alpha open');
    const deadlines = list.items.map((r) => r.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    expect(list.collections).toEqual([
      { id: alpha.collectionId, name: 'Alpha returns', guidance: null },
      { id: beta.collectionId, name: 'Beta returns', guidance: null },
    ]);
    expect(list.items.some((r) => r.collection.name === 'Draft returns')).toBe(false);
  });

  it('says for each return its state, deadline and the link to offer', async () => {
    const { items } = await read();
    const row = (periodId: number, i: number) =>
      items.find((r) => r.period.id === periodId && r.organisation.id === orgs[i]!.id)!;
    expect(row(alpha.openId, 0)).toMatchObject({ status: 'draft', displayState: 'Open', action: 'continue' });
    expect(row(alpha.openId, 1)).toMatchObject({
      status: 'completed',
      displayState: 'Complete',
      action: 'view',
    });
    expect(row(alpha.openId, 5)).toMatchObject({ status: 'notStarted', action: 'start' });
    expect(row(alpha.openId, 5).deadline).toBe(days(5).toISOString());
    expect(row(alpha.openId, 5).deadlineText).toMatch(/^closes in [45] days$/);
    // The manager's reopen for one trust makes its closed period open, with the reopen as deadline.
    expect(row(alpha.closedId, 3)).toMatchObject({
      status: 'draft',
      displayState: 'Open',
      action: 'continue',
    });
    expect(row(alpha.closedId, 3).deadline).toBe(days(3).toISOString());
  });

  it('filters by organisation name or code, collection and status, and pages', async () => {
    const byCode = await read(`?query=${orgs[2]!.code.toLowerCase()}`);
    expect(byCode.items.map((r) => r.organisation.code)).toEqual([orgs[2]!.code]);
    const beta2 = await read(`?collectionId=${beta.collectionId}`);
    expect(beta2.total).toBe(2);
    expect(new Set(beta2.items.map((r) => r.collection.name))).toEqual(new Set(['Beta returns']));
    const drafts = await read('?status=draft');
    expect(drafts.items.map((r) => [r.period.name, r.organisation.code])).toEqual([
      ['Alpha closed', orgs[3]!.code],
      ['Alpha open', orgs[0]!.code],
    ]);
    const page2 = await read('?pageSize=4&page=2');
    expect(page2.total).toBe(9);
    expect(page2.items.map((r) => r.period.name)).toEqual(
      (await read()).items.slice(4, 8).map((r) => r.period.name),
    );
  });

  it('gives every period with periods=all, missed and future included, and sorts by organisation', async () => {
    const all = await read('?periods=all&pageSize=100');
    expect(all.total).toBe(6 * 3 + 2);
    const missed = await read('?periods=all&status=missed');
    expect(missed.items.map((r) => r.organisation.code).sort()).toEqual(
      [orgs[0], orgs[1], orgs[4], orgs[5]].map((o) => o!.code).sort(),
    );
    expect(missed.items.every((r) => r.displayState === 'Missed')).toBe(true);
    const future = await read('?periods=all&status=notYetRequired');
    expect(future.total).toBe(6);
    expect(future.items[0]).toMatchObject({ displayState: 'Future', action: 'none' });
    expect(future.items[0]!.deadlineText).toMatch(/^opens on /);
    const byName = await read('?sortBy=organisation&sortOrder=DESC&pageSize=100');
    const names = byName.items.map((r) => r.organisation.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('shows a clerk only their own roles, and nothing to someone who submits for nobody', async () => {
    const clerkA = await (await t.as('clerkA')).get<List>(url());
    expect(clerkA.body.items.map((r) => r.organisation.code)).toEqual(['RJ1']);
    expect(clerkA.body.collections.map((c) => c.name)).toEqual(['Monthly workforce return']);
    const manager = await (await t.as('manager')).get<List>(url());
    expect(manager.body).toEqual({ items: [], total: 0, collections: [] });
  });

  it("answers the landing page's question: returns to do, due within N days (decision 0034)", async () => {
    const todo = await read('?outstanding=true&pageSize=100');
    // The open returns less the one completed.
    expect(todo.total).toBe(8);
    expect(todo.items.every((r) => r.status === 'notStarted' || r.status === 'draft')).toBe(true);
    const soon = await read('?outstanding=true&dueWithinDays=4');
    expect(soon.items.map((r) => [r.period.name, r.status])).toEqual([
      ['Beta open', 'notStarted'],
      ['Beta open', 'notStarted'],
      ['Alpha closed', 'draft'],
    ]);
    expect((await read('?outstanding=false')).total).toBe(9);
    const clerk = await t.asUser(clerkId);
    expect((await clerk.get(url('?dueWithinDays=0'))).status).toBe(400);
    expect((await clerk.get(url('?outstanding=yes'))).status).toBe(400);
  });

  it('refuses a query it cannot read (400) and anyone not signed in (401)', async () => {
    const clerk = await t.asUser(clerkId);
    expect((await clerk.get(url('?status=sent'))).status).toBe(400);
    expect((await clerk.get(url('?pageSize=1000'))).status).toBe(400);
    expect((await t.anonymous().get(url())).status).toBe(401);
  });
});

describe('GET /View/Submitter/Homes', () => {
  it("gives every home of the caller's own roles in one answer, each as its own route gives it, with guidance", async () => {
    const clerk = await t.asUser(clerkId);
    await t.database.db
      .updateTable('collection')
      .set({ guidance: 'Beta guidance' })
      .where('id', '=', beta.collectionId)
      .execute();
    const res = await clerk.get(`/v1/api/View/Submitter/Homes`);
    expect(res.status).toBe(200);
    const { items, total } = res.body as {
      items: {
        collection: { id: number; name: string };
        organisation: { id: number };
        guidance: string | null;
      }[];
      total: number;
    };
    // Alpha at six trusts and Beta at two; the draft collection never.
    expect(total).toBe(8);
    expect(items.map((h) => h.collection.name)).toEqual([
      ...Array(6).fill('Alpha returns'),
      'Beta returns',
      'Beta returns',
    ]);
    for (const home of items) {
      const { guidance, ...rest } = home;
      const one = await clerk.get(
        `/v1/api/View/Submitter/Home/Collection/${home.collection.id}/Organisation/${home.organisation.id}`,
      );
      expect(rest).toEqual(one.body);
      expect(guidance).toBe(home.collection.id === beta.collectionId ? 'Beta guidance' : null);
    }
    const clerkA = (await (await t.as('clerkA')).get('/v1/api/View/Submitter/Homes')).body;
    expect(clerkA.items.map((h: { organisation: { code: string } }) => h.organisation.code)).toEqual(['RJ1']);
    expect((await (await t.as('manager')).get('/v1/api/View/Submitter/Homes')).body).toEqual({
      items: [],
      total: 0,
    });
    expect((await t.anonymous().get('/v1/api/View/Submitter/Homes')).status).toBe(401);
  });
});
