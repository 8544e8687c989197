import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { insertPeriod } from '../../../test/support/returns-fixture';
import { demoFormId } from '../../../test/support/submission-fixtures';
import { expandEvent } from '../notifications/events';

/**
 * Organisations the register closes (product decisions; decision 0034): a period that opens after the
 * close date does not expect the organisation: it is not listed there, not counted, not a non-submitter,
 * never chased and not told the period opened. A period that opened before the close still lists it,
 * shown as closed, with what it did there.
 */

let collectionId: number;
let closedOrg: number;
let before: number;
let after: number;
const DAY = 86_400_000;
const now = Date.now();
const london = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  collectionId = await t.demoCollectionId();
  const formId = await demoFormId(t);
  // A practice closed by the register 30 days ago, still a recipient, with its own clerk.
  const org = await db
    .insertInto('organisation')
    .values({
      code: 'C99001',
      name: 'Closed Lane Surgery',
      odsStatus: 'closed',
      closureDate: london(now - 30 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  closedOrg = org.id;
  await db.insertInto('collectionOrganisation').values({ collectionId, organisationId: closedOrg }).execute();
  const clerk = await db
    .insertInto('appUser')
    .values({ email: 'clerk@closed-lane.example', name: 'Closed Lane Clerk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('collectionOrganisationRole')
    .values({ collectionId, organisationId: closedOrg, userId: clerk.id, role: 'DataEntryClerk' })
    .execute();
  before = await insertPeriod(db, {
    collectionId,
    formId,
    name: 'Opened before the close',
    open: new Date(now - 60 * DAY),
    close: new Date(now - 40 * DAY),
  });
  after = await insertPeriod(db, {
    collectionId,
    formId,
    name: 'Opened after the close',
    open: new Date(now - 2 * 3_600_000),
    close: new Date(now + 10 * DAY),
  });
});

const listUrl = (periodId: number, query = '') =>
  `/v1/api/View/Manager/ReportingPeriod/${periodId}/Submission?pageSize=100${query}`;

describe('an organisation the register closed', () => {
  it('is not expected for a period that opens after its close: not listed, counted or a non-submitter', async () => {
    const manager = await t.as('manager');
    const recipients = await t.database.db
      .selectFrom('collectionOrganisation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('collectionId', '=', collectionId)
      .executeTakeFirstOrThrow();

    const late = await manager.get(listUrl(after));
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body.items.map((i: { organisationId: number }) => i.organisationId)).not.toContain(closedOrg);
    expect(late.body.counts.expected).toBe(Number(recipients.n) - 1);
    expect(late.body.counts.notStarted).toBe(Number(recipients.n) - 1);
    const nonSubmitters = await manager.get(`/v1/api/View/Manager/ReportingPeriod/${after}/NonSubmitters`);
    expect(nonSubmitters.body.items.map((i: { organisationId: number }) => i.organisationId)).not.toContain(
      closedOrg,
    );

    // The period that opened before the close still expects it: shown as closed, missed.
    const early = await manager.get(listUrl(before, '&query=closed%20lane'));
    expect(early.body.items).toEqual([
      expect.objectContaining({ organisationId: closedOrg, isClosed: true, status: 'missed' }),
    ]);
    expect((await manager.get(listUrl(before))).body.counts.expected).toBe(Number(recipients.n));

    // The collection's trend counts the same way.
    const home = await manager.get(`/v1/api/View/Manager/Home/Collection/${collectionId}`);
    const trend = new Map(
      home.body.periods.map((p: { id: number; counts: { expected: number } }) => [p.id, p.counts.expected]),
    );
    expect(trend.get(after)).toBe(Number(recipients.n) - 1);
    expect(trend.get(before)).toBe(Number(recipients.n));
  });

  it('is never chased nor told that a period it is not expected for has opened', async () => {
    const db = t.database.db;
    const outboxTo = async (eventType: string) =>
      (
        await db
          .selectFrom('mailOutbox')
          .select('toAddress')
          .where('eventType', '=', eventType)
          .where('reportingPeriodId', '=', after)
          .execute()
      ).map((row) => row.toAddress);

    await expandEvent(db, t.config, {
      type: 'periodOpened',
      periodId: after,
      at: new Date(now).toISOString(),
    });
    const opened = await outboxTo('periodOpened');
    expect(opened.length).toBeGreaterThan(0);
    expect(opened).not.toContain('clerk@closed-lane.example');

    await expandEvent(db, t.config, { type: 'reminder', periodId: after, at: new Date(now).toISOString() });
    const reminded = await outboxTo('reminder');
    expect(reminded.length).toBeGreaterThan(0);
    expect(reminded).not.toContain('clerk@closed-lane.example');
  });
});
