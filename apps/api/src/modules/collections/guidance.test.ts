import { GUIDANCE_MAX_LENGTH, guidanceMessages } from '@dcf/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

let demo: number;
const url = () => `/v1/api/Collection/${demo}/Guidance`;
const text = 'Send by the **5th**.\n\n- Headcount\n- Vacancies';

const t = useTestApp();
beforeAll(async () => {
  demo = await t.demoCollectionId();
});

describe('GET and PUT /Collection/{id}/Guidance', () => {
  it('lets the manager write guidance that its submitters then read, trimmed, and audits the change', async () => {
    const manager = await t.as('manager');
    expect((await manager.get(url())).body).toEqual({ collectionId: demo, guidance: null });
    const saved = await manager.put(url(), { guidance: `  ${text}\r\n ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ collectionId: demo, guidance: text });
    for (const persona of ['clerkA', 'authoriserB', 'submissionManager'] as const) {
      const read = await (await t.as(persona)).get(url());
      expect(read.status).toBe(200);
      expect(read.body.guidance).toBe(text);
    }
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'collection.guidance')
      .where('collectionId', '=', demo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ guidance: text });
  });

  it('removes the guidance with null or blank text', async () => {
    const manager = await t.as('manager');
    await manager.put(url(), { guidance: 'Something' });
    expect((await manager.put(url(), { guidance: '   ' })).body.guidance).toBeNull();
    expect((await (await t.as('clerkA')).get(url())).body.guidance).toBeNull();
  });

  it('refuses text over the limit with the message (400)', async () => {
    const res = await (await t.as('manager')).put(url(), { guidance: 'a'.repeat(GUIDANCE_MAX_LENGTH + 1) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(guidanceMessages.tooLong);
  });

  it('refuses submitters and submission managers (403), and a collection that does not exist (404)', async () => {
    expect((await (await t.as('clerkA')).put(url(), { guidance: 'x' })).status).toBe(403);
    expect((await (await t.as('submissionManager')).put(url(), { guidance: 'x' })).status).toBe(403);
    expect((await (await t.as('superAdmin')).get('/v1/api/Collection/999999/Guidance')).status).toBe(404);
  });

  it('keeps an archived collection read-only (400 with the message)', async () => {
    const db = t.database.db;
    const { id } = await db
      .insertInto('collection')
      .values({ name: 'Archived guidance test', status: 'archived' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await (await t.as('superAdmin')).put(`/v1/api/Collection/${id}/Guidance`, { guidance: 'x' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(guidanceMessages.archived);
  });
});
