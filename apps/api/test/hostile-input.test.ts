import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/platform/csrf';
import { type Client, useTestApp } from './harness';
import { lock, newPage, save, startDraft } from './support/submission-fixtures';

/**
 * Hostile input answered at the boundary (decision 0017): the issue's own examples, each with the
 * answer a user can act on, and nothing stored. The fuzz suite (fuzz.test.ts) covers every route.
 */
const t = useTestApp();

const revisionsOf = async (submissionId: number) =>
  t.database.db
    .selectFrom('submissionRevision')
    .select('content')
    .where('submissionId', '=', submissionId)
    .orderBy('id')
    .execute();

/** Sends JSON text exactly as given (deep nesting, control characters) with the client's session. */
async function sendRaw(client: Client, method: 'POST' | 'PUT', url: string, payload: string) {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: {
      'content-type': 'application/json',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
    },
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.json() };
}

describe('control characters', () => {
  it('refuses a NUL byte in a query string with a 400 naming the field', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.get('/v1/api/Organisation?query=%00');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.errors).toEqual({ query: [messages.controlCharacters] });
    // Tabs and line breaks are ordinary text.
    expect((await admin.get('/v1/api/Organisation?query=a%09b')).status).toBe(200);
  });

  it('refuses a NUL byte or escape character in an answer, and saves nothing', async () => {
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, await newPage(t));
    // As JSON: escapes (\u0000, \u0007, \b, \f, a lone surrogate) and a raw DEL.
    for (const comments of [
      'a\u0000b',
      'bell\u0007',
      'back\bspace',
      'form\ffeed',
      'del\u007f',
      'half\ud800',
    ]) {
      const res = await save(clerk, view.submissionId, {
        content: { comments },
        baseRevisionId: view.currentRevisionId,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'content.comments': [messages.controlCharacters] });
    }
    expect(await revisionsOf(view.submissionId)).toHaveLength(1);
  });

  it('saves escaped text that is not a control character (a backslash before b, an emoji, a tab)', async () => {
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, await newPage(t));
    const comments = 'C:\\beds\\final \u{1F3E5}\tward';
    const res = await save(clerk, view.submissionId, {
      content: { comments },
      baseRevisionId: view.currentRevisionId,
    });
    expect(res.status).toBe(201);
    expect((await revisionsOf(view.submissionId)).at(-1)?.content).toEqual({ comments });
  });

  it('refuses a NUL byte in a name', async () => {
    const admin = await t.as('superAdmin');
    const res = await admin.post('/v1/api/Collection', { name: 'Weekly\u0000return' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: [messages.controlCharacters] });
  });
});

describe('ids', () => {
  it('answers 404 for ids of 2^31 and more, and for words, on a path even for administrators', async () => {
    const admin = await t.as('superAdmin');
    for (const id of ['2147483648', '4294967296', '99999999999999999999', 'abc', '-1', '0'])
      for (const url of [
        `/v1/api/Collection/${id}`,
        `/v1/api/Collection/${id}/ReportingPeriod`,
        `/v1/api/View/Manager/Home/Collection/${id}`,
        `/v1/api/Submission/${id}/Pdf`,
      ])
        expect((await admin.get(url)).status, url).toBe(404);
  });

  it('answers 400 for an id of 2^31 in a body (ExcelTemplate/Populate)', async () => {
    const admin = await t.as('superAdmin');
    const collectionId = await t.demoCollectionId();
    const form = await t.database.db
      .selectFrom('form')
      .select('id')
      .where('collectionId', '=', collectionId)
      .executeTakeFirstOrThrow();
    const res = await admin.post(
      `/v1/api/Collection/${collectionId}/Form/${form.id}/ExcelTemplate/Populate`,
      {
        submissionId: 2147483648,
      },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['submissionId']);
  });
});

describe('structure and size', () => {
  it('refuses JSON nested 3,000 deep with a 400 in our problem shape', async () => {
    const admin = await t.as('superAdmin');
    const deep = `${'{"a":['.repeat(3_000)}1${']}'.repeat(3_000)}`;
    const res = await sendRaw(admin, 'POST', '/v1/api/Collection', deep);
    expect(res.status).toBe(400);
    expect(res.type).toContain('application/problem+json');
    expect(res.body.additionalDetails).toBe(messages.nestedTooDeeply);
  });

  it('answers 413 in our problem shape for a body over the limit (5 MB)', async () => {
    const admin = await t.as('superAdmin');
    const res = await sendRaw(admin, 'POST', '/v1/api/Collection', JSON.stringify({ name: 'x'.repeat(6e6) }));
    expect(res.status).toBe(413);
    expect(res.type).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('refuses 50,000 unknown keys (the return is over 1 MB) and drops 5,000: only the form’s keys are stored', async () => {
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, await newPage(t));
    const withUnknownKeys = (n: number) => {
      const content: Record<string, unknown> = { headcount: 7 };
      for (let i = 0; i < n; i++) content[`unknown-question-${i}`] = `answer ${i}`;
      return content;
    };
    const refused = await save(clerk, view.submissionId, {
      content: withUnknownKeys(50_000),
      baseRevisionId: null,
    });
    expect(refused.status, JSON.stringify(refused.body).slice(0, 400)).toBe(400);
    expect(refused.body.errors.form[0]).toMatch(
      /^This return is too large to save \(\d+\.\d MB\): a return can be at most 1 MB/,
    );
    expect(await revisionsOf(view.submissionId)).toHaveLength(0);

    const dropped = await save(clerk, view.submissionId, {
      content: withUnknownKeys(5_000),
      baseRevisionId: null,
    });
    expect(dropped.status, JSON.stringify(dropped.body).slice(0, 300)).toBe(201);
    const stored = await revisionsOf(view.submissionId);
    expect(stored).toHaveLength(1);
    const saved = stored[0]?.content;
    expect(typeof saved === 'string' ? JSON.parse(saved) : saved).toEqual({ headcount: 7 });
  });

  it('refuses a 4.9 MB answer with the size limit’s message and stores nothing', async () => {
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, await newPage(t));
    const res = await save(clerk, view.submissionId, {
      content: { comments: 'y'.repeat(4_900_000) },
      baseRevisionId: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.form[0]).toMatch(
      /^This return is too large to save \(4\.9 MB\): a return can be at most 1 MB/,
    );
    expect(await revisionsOf(view.submissionId)).toHaveLength(0);
  });
});

describe('dates', () => {
  it('refuses reopen dates after 2040 or not on the calendar, as period dates', async () => {
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, await newPage(t));
    const manager = await t.as('manager');
    const url = `/v1/api/Submission/${view.submissionId}/Reopen`;
    const cases: [string, string][] = [
      ['2041-01-01T00:00:00Z', messages.yearTooLate],
      ['9999-12-31T23:59:59Z', messages.yearTooLate],
      ['2023-02-30T10:00:00Z', messages.invalidDate],
    ];
    for (const [until, message] of cases) {
      const res = await manager.post(url, { until });
      expect(res.status, until).toBe(400);
      expect(res.body.errors.until, until).toEqual([message]);
    }
  });
});
