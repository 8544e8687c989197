import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { auditActionsFor } from '../../../test/support/audit';
import { completeAnswers, lockNewPage, save } from '../../../test/support/submission-fixtures';

const t = useTestApp();

/** Draft, submit (official), draft: three revisions, oldest first. */
async function threeRevisions() {
  const { page, client: authoriser, view } = await lockNewPage(t, 'authoriserA');
  const ids: number[] = [];
  let base: number | null = null;
  for (const [content, status] of [
    [{ headcount: 1 }, 'draft'],
    [completeAnswers, 'completed'],
    [{ ...completeAnswers, headcount: 2 }, 'draft'],
  ] as const) {
    const res = await save(authoriser, view.submissionId, {
      content,
      status,
      declaration: status === 'completed',
      baseRevisionId: base,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    base = res.body.currentRevisionId;
    ids.push(res.body.currentRevisionId);
  }
  return { page, submissionId: view.submissionId as number, ids };
}

const listUrl = (submissionId: number, query = '') =>
  `/v1/api/Submission/SubmissionRevisions?submissionId=${submissionId}${query}`;

describe('GET /Submission/SubmissionRevisions and /SubmissionRevision/{id}', () => {
  it('lists newest first with who, when, status and which is official; pages', async () => {
    const { submissionId, ids } = await threeRevisions();
    const clerk = await t.as('clerkA');
    const all = await clerk.get(listUrl(submissionId));
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(all.body.items[1]).toMatchObject({
      status: 'completed',
      isOfficial: true,
      isDeleted: false,
      createdBy: { name: expect.any(String) },
    });
    const second = await clerk.get(listUrl(submissionId, '&page=2&pageSize=2'));
    expect(second.body).toMatchObject({ total: 3, items: [{ id: ids[0] }] });

    const one = await clerk.get(`/v1/api/SubmissionRevision/${ids[1]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[1], submissionId, status: 'completed', isOfficial: true });
    expect(JSON.parse(one.body.content)).toEqual(completeAnswers);
    expect(one.body.formId).toEqual(expect.any(Number));
  });

  it('hides them from another trust (404) and answers 404 for unknown ids', async () => {
    const { submissionId, ids } = await threeRevisions();
    const clerkB = await t.as('clerkB');
    expect((await clerkB.get(listUrl(submissionId))).status).toBe(404);
    expect((await clerkB.get(`/v1/api/SubmissionRevision/${ids[0]}`)).status).toBe(404);
    expect((await (await t.as('manager')).get(listUrl(999_999))).status).toBe(404);
    expect((await (await t.as('manager')).get('/v1/api/SubmissionRevision/999999')).status).toBe(404);
  });
});

describe('PUT /Submission/SubmissionRevisions/SoftDelete', () => {
  it('hides a revision from submitters and keeps it, marked, for managers (audited)', async () => {
    const { page, submissionId, ids } = await threeRevisions();
    const manager = await t.as('manager');
    const res = await manager.put('/v1/api/Submission/SubmissionRevisions/SoftDelete', {
      revisionIds: [ids[0]],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    const clerk = await t.as('clerkA');
    const clerkList = (await clerk.get(listUrl(submissionId))).body;
    expect(clerkList.total).toBe(2);
    expect(clerkList.items.map((r: { id: number }) => r.id)).not.toContain(ids[0]);
    expect((await clerk.get(`/v1/api/SubmissionRevision/${ids[0]}`)).status).toBe(404);
    expect((await clerk.get(page.url)).body.submissionRevisions).toHaveLength(2);

    const managerList = (await manager.get(listUrl(submissionId))).body;
    expect(managerList.total).toBe(3);
    expect(managerList.items.at(-1)).toMatchObject({ id: ids[0], isDeleted: true });
    expect((await manager.get(`/v1/api/SubmissionRevision/${ids[0]}`)).body.isDeleted).toBe(true);
    expect(await auditActionsFor(t, 'submissionRevision', { entityId: ids[0]! })).toEqual([
      'submissionRevision.softDelete',
    ]);
  });

  it('never touches the official revision: 409 and nothing in the request is deleted', async () => {
    const { submissionId, ids } = await threeRevisions();
    const manager = await t.as('manager');
    const res = await manager.put('/v1/api/Submission/SubmissionRevisions/SoftDelete', {
      revisionIds: [ids[2], ids[1]],
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('revision_official');
    const clerkList = (await (await t.as('clerkA')).get(listUrl(submissionId))).body;
    expect(clerkList.total).toBe(3);
    expect(clerkList.items.find((r: { isOfficial: boolean }) => r.isOfficial).id).toBe(ids[1]);
  });

  it('is for collection managers and administrators only', async () => {
    const { ids } = await threeRevisions();
    const body = { revisionIds: [ids[0]] };
    const url = '/v1/api/Submission/SubmissionRevisions/SoftDelete';
    expect((await (await t.as('authoriserA')).put(url, body)).status).toBe(403);
    expect((await (await t.as('submissionManager')).put(url, body)).status).toBe(403);
    expect((await (await t.as('clerkB')).put(url, body)).status).toBe(404);
    expect((await (await t.as('manager')).put(url, { revisionIds: [999_999] })).status).toBe(404);
    expect((await (await t.as('superAdmin')).put(url, body)).status).toBe(204);
  });
});
