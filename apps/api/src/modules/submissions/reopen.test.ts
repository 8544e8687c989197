import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditActions, lock, newPeriod, pageFor, submit } from '../../../test/support/submission-fixtures';

const t = useTestApp();

describe('POST .../Organisation/{orgId}/Submission/Reopen', () => {
  it('reopens a return nobody started after its period closed: the trust can then submit it', async () => {
    const periodId = await newPeriod(t, { closed: true });
    const page = await pageFor(t, periodId);
    const authoriser = await t.as('authoriserA');
    expect((await authoriser.get(page.url)).body).toMatchObject({ submissionId: null, canEdit: false });
    expect((await authoriser.post(`${page.url}/Lock`)).status).toBe(409);

    const manager = await t.as('manager');
    const url = `${page.url}/Reopen`;
    const past = await manager.post(url, { until: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors.until).toEqual([messages.reopenUntilInPast]);
    // A refused reopen leaves nothing behind: still no submission.
    expect((await manager.get(page.url)).body.submissionId).toBeNull();

    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const reopened = await manager.post(url, { until });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({
      reopenedUntil: until,
      status: 'none',
      period: { reportingPeriodStatus: 'Closed' },
    });
    expect(reopened.body.submissionId).toEqual(expect.any(Number));

    const view = await lock(authoriser, page);
    const saved = await submit(authoriser, view.submissionId, { baseRevisionId: null });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(await auditActions(t, view.submissionId)).toEqual([
      'submission.reopen',
      'submission.lock',
      'submission.submit',
    ]);
  });

  it('is for collection managers: a clerk is refused, another trust is not told the return exists', async () => {
    const periodId = await newPeriod(t, { closed: true });
    const page = await pageFor(t, periodId);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    expect((await (await t.as('clerkA')).post(`${page.url}/Reopen`, { until })).status).toBe(403);
    expect((await (await t.as('clerkB')).post(`${page.url}/Reopen`, { until })).status).toBe(404);
    expect((await (await t.as('manager')).get(page.url)).body.submissionId).toBeNull();
  });
});
