import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { lock, newPage, type Page, submit } from '../../../test/support/submission-fixtures';

/**
 * The reminder dialog's counts (GET .../Reminder, decision 0041) stay right as the period changes:
 * after each change they are compared with the non-submitters list, read one organisation at a time,
 * and with the change's own expected effect.
 */

const t = useTestApp();

interface Reach {
  organisations: number;
  people: number;
  nobodyToEmail: number;
  alreadyChasedToday: number;
}

/** What the non-submitters list says a press would reach (no chase in this test). */
async function fromTheList(periodId: number): Promise<Reach> {
  const manager = await t.as('manager');
  const list = await manager.get(`/v1/api/View/Manager/ReportingPeriod/${periodId}/NonSubmitters`);
  expect(list.status).toBe(200);
  const items = list.body.items as { contacts: { userId: number }[] }[];
  const reachable = items.filter((o) => o.contacts.length > 0);
  return {
    organisations: reachable.length,
    people: new Set(reachable.flatMap((o) => o.contacts.map((c) => c.userId))).size,
    nobodyToEmail: items.length - reachable.length,
    alreadyChasedToday: 0,
  };
}

/** The dialog's counts, checked against the list. */
async function reach(page: Page): Promise<Reach> {
  const manager = await t.as('manager');
  const res = await manager.get(
    `/v1/api/Collection/${page.collectionId}/ReportingPeriod/${page.periodId}/Reminder`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual(await fromTheList(page.periodId));
  return res.body as Reach;
}

describe('GET /Collection/{id}/ReportingPeriod/{periodId}/Reminder as returns change', () => {
  it('follows submits, returns for correction, recipients added and removed, and organisations the register closes', async () => {
    const db = t.database.db;
    const manager = await t.as('manager');
    const page = await newPage(t);
    const bulk = `/v1/api/Collection/${page.collectionId}/Organisation/Bulk`;
    const before = await reach(page);
    expect(before.organisations).toBeGreaterThan(1);

    // RJ1's authoriser submits: RJ1 is no longer chased.
    const authoriser = await t.as('authoriserA');
    const view = await lock(authoriser, page);
    const submitted = await submit(authoriser, view.submissionId, { baseRevisionId: view.currentRevisionId });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const afterSubmit = await reach(page);
    expect(afterSubmit.organisations).toBe(before.organisations - 1);
    expect(afterSubmit.people).toBeLessThan(before.people);

    // The manager returns it for correction: a draft again, chased again.
    const returned = await manager.post(`/v1/api/Submission/${view.submissionId}/Return`, {
      reason: 'Headcount looks wrong',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await reach(page)).toEqual(before);

    // A recipient added with nobody to email, then RGT (which has a clerk) removed.
    const spare = await db
      .selectFrom('organisation')
      .select('id')
      .where('closureDate', 'is', null)
      .where((eb) => eb.or([eb('odsStatus', 'is', null), eb('odsStatus', '=', 'active')]))
      .where(
        'id',
        'not in',
        db
          .selectFrom('collectionOrganisation')
          .select('organisationId')
          .where('collectionId', '=', page.collectionId),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await manager.put(bulk, { add: [spare.id] })).status).toBe(200);
    const added = await reach(page);
    expect(added).toEqual({ ...before, nobodyToEmail: before.nobodyToEmail + 1 });
    const rgt = await t.organisationId('RGT');
    expect((await manager.put(bulk, { remove: [rgt] })).status).toBe(200);
    const removed = await reach(page);
    expect(removed.organisations).toBe(before.organisations - 1);
    // Removing a recipient removes its roles there: added again, it has nobody to email.
    expect((await manager.put(bulk, { add: [rgt] })).status).toBe(200);
    expect(await reach(page)).toEqual({ ...removed, nobodyToEmail: removed.nobodyToEmail + 1 });

    // The register closes both before the period opened: neither is expected, chased or counted.
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await db
      .updateTable('organisation')
      .set({ closureDate: longAgo })
      .where('id', 'in', [spare.id, rgt])
      .execute();
    const closed = await reach(page);
    expect(closed).toEqual({ ...removed, nobodyToEmail: before.nobodyToEmail });
  });
});
