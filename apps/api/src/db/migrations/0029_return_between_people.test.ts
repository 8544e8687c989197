import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { newPage, save, startDraft } from '../../../test/support/submission-fixtures';
import { migrateTo, migrateToLatest } from '../migrate';

const t = useTestApp();

/** A draft of RJ1 in a period of its own, saved by the clerk through HTTP; its id and revisions. */
async function draft(saves = 1) {
  const clerk = await t.as('clerkA');
  const page = await newPage(t);
  let view = await startDraft(clerk, page, { headcount: 1 });
  const revisions: number[] = [view.currentRevisionId];
  for (let n = 2; n <= saves; n++) {
    const res = await save(clerk, view.submissionId, {
      content: { headcount: n },
      baseRevisionId: view.currentRevisionId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    view = (await clerk.get(page.url)).body;
    revisions.push(view.currentRevisionId);
  }
  return { id: view.submissionId as number, revisions };
}

describe('migration 0029: the return between people', () => {
  it('counts as sent for sign-off only the drafts whose authorisers were asked about their current revision; every return keeps its state and is unlocked by no page', async () => {
    const db = t.database.db;
    const asked = await draft();
    const askedEarlier = await draft(2);
    const submitted = await draft();
    const otherEmail = await draft();
    const notAsked = await draft();

    // The schema before 0029; the rows as that release left them.
    await migrateTo(db, '0028_ods_sync_as_jobs');
    await sql`update submission set status = 'completed' where id = ${submitted.id}`.execute(db);
    const job = (type: string, submissionId: number, revisionId: number) =>
      sql`insert into job (name, key, data, status) values ('notification',
        ${`event:${type}:${submissionId}:${revisionId}`},
        ${JSON.stringify({ type, submissionId, revisionId })}::jsonb, 'done')`.execute(db);
    await job('authorisationRequested', asked.id, asked.revisions[0]!);
    // Asked about the first save; the clerk saved again since.
    await job('authorisationRequested', askedEarlier.id, askedEarlier.revisions[0]!);
    await job('authorisationRequested', submitted.id, submitted.revisions[0]!);
    await job('returned', otherEmail.id, otherEmail.revisions[0]!);
    const before = await sql<{ id: number; status: string; currentRevisionId: string }>`
      select id, status, current_revision_id as "currentRevisionId" from submission order by id
    `.execute(db);

    await migrateToLatest(db);

    const after = await db
      .selectFrom('submission')
      .select([
        'id',
        'status',
        'currentRevisionId',
        'lockToken',
        'releasedLockTokens',
        'sentForSignoffBy',
        'sentForSignoffAt',
        'sentBackBy',
        'sentBackAt',
        'sentBackReason',
      ])
      .orderBy('id')
      .execute();
    // Nothing carried over is lost or changed.
    expect(
      after.map((s) => ({ id: s.id, status: s.status, currentRevisionId: String(s.currentRevisionId) })),
    ).toEqual(before.rows.map((s) => ({ ...s, currentRevisionId: String(s.currentRevisionId) })));
    const revision = await db
      .selectFrom('submissionRevision')
      .select(['createdBy', 'createdAt'])
      .where('id', '=', asked.revisions[0]!)
      .executeTakeFirstOrThrow();
    const byId = new Map(after.map((s) => [s.id, s]));
    // Sent by whoever saved the revision the authorisers were asked about, when they saved it.
    expect(byId.get(asked.id)).toMatchObject({
      sentForSignoffBy: revision.createdBy,
      sentForSignoffAt: revision.createdAt,
    });
    expect(revision.createdBy).toBe(await t.userId('clerkA'));
    for (const other of [askedEarlier, submitted, otherEmail, notAsked])
      expect(byId.get(other.id)).toMatchObject({ sentForSignoffBy: null, sentForSignoffAt: null });
    // Every return: no page holds or has released its lock, and none is sent back.
    for (const s of after)
      expect(s).toMatchObject({
        lockToken: null,
        releasedLockTokens: [],
        sentBackBy: null,
        sentBackAt: null,
        sentBackReason: null,
      });
  });
});
