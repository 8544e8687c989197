import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Response, toResponse, useTestApp } from '../../../test/harness';
import {
  addRecipients,
  insertCollection,
  insertForm,
  insertPeriod,
} from '../../../test/support/returns-fixture';

/**
 * Returns from other systems through HTTP (decision 0039): a federation's system sends many
 * organisations' returns with a submit token, each saved or submitted on its own through the browser's
 * checks, a result per row, never a partial return, and a client reference that makes a retry change
 * nothing.
 */
let collectionId: number;
let periodId: number;
let federationUser: number;
let submitToken: string;
const ORGANISATIONS = 1000;
const codes = Array.from({ length: ORGANISATIONS }, (_, i) => `BK${String(i).padStart(4, '0')}`);
const OUTSIDE = 'BKOUT';

const form = {
  display: 'form',
  components: [
    {
      type: 'number',
      key: 'headcount',
      label: 'Headcount',
      input: true,
      validate: { required: true, min: 0 },
    },
    { type: 'textfield', key: 'notes', label: 'Notes', input: true },
    {
      type: 'datagrid',
      key: 'staff',
      label: 'Staff',
      input: true,
      components: [{ type: 'textfield', key: 'grade', label: 'Grade', input: true }],
    },
  ],
};

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  collectionId = await insertCollection(db, { name: 'Federation return' });
  const formId = await insertForm(db, collectionId, 1, form);
  periodId = await insertPeriod(db, {
    collectionId,
    formId,
    name: 'November',
    open: new Date(Date.now() - 86_400_000),
    close: new Date(Date.now() + 10 * 86_400_000),
  });
  const organisations = await db
    .insertInto('organisation')
    .values([...codes, OUTSIDE].map((code) => ({ code, name: `Practice ${code}`, updatedAt: new Date() })))
    .returning(['id', 'code'])
    .execute();
  await addRecipients(
    db,
    collectionId,
    organisations.map((o) => o.id),
  );
  const user = await db
    .insertInto('appUser')
    .values({ email: 'federation@dcf.example', name: 'Federation system', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  federationUser = user.id;
  // A data entry clerk at every practice but one.
  await db
    .insertInto('collectionOrganisationRole')
    .values(
      organisations
        .filter((o) => o.code !== OUTSIDE)
        .map((o) => ({
          collectionId,
          organisationId: o.id,
          userId: user.id,
          role: 'DataEntryClerk' as const,
        })),
    )
    .execute();
  const browser = await t.asUser(user.id);
  const expires = DateTime.now().plus({ days: 30 }).toISODate();
  const made = await browser.post('/v1/api/User/Current/AccessToken', {
    name: 'Federation',
    scope: 'submit',
    expires,
  });
  expect(made.status, made.text).toBe(201);
  submitToken = made.body.secret;
}, 120_000);

const url = (query = '') =>
  `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Submission/Bulk${query ? `?${query}` : ''}`;

async function bulk<T = any>(
  body: unknown,
  query = '',
  options: { contentType?: string; token?: string } = {},
): Promise<Response<T>> {
  return toResponse<T>(
    await t.app.inject({
      method: 'POST',
      url: url(query),
      headers: {
        authorization: `Bearer ${options.token ?? submitToken}`,
        'content-type': options.contentType ?? 'application/json',
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function revisionsOf(code: string) {
  return t.database.db
    .selectFrom('submissionRevision')
    .innerJoin('submission', 'submission.id', 'submissionRevision.submissionId')
    .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
    .select(['submissionRevision.id', 'submissionRevision.status', 'submissionRevision.content'])
    .where('organisation.code', '=', code)
    .where('submission.reportingPeriodId', '=', periodId)
    .orderBy('submissionRevision.id')
    .execute();
}

describe('POST .../Submission/Bulk', () => {
  it('saves drafts from CSV with the export’s keys, refuses a bad row with its field messages and keeps none of it', async () => {
    const csv = [
      'organisationCode,headcount,notes,staff[0].grade,staff[1].grade',
      'BK0001,12,"Two sites, one return",Band 5,Band 6',
      'BK0002,twelve,,,',
      'BK0003,,no headcount on a draft,,',
    ].join('\r\n');
    const res = await bulk(csv, 'clientReference=csv-1', { contentType: 'text/csv' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.counts).toEqual({ saved: 2, submitted: 0, refused: 1 });
    const [first, second, third] = res.body.results;
    expect(first).toMatchObject({ row: 1, organisationCode: 'BK0001', outcome: 'saved' });
    expect(second).toMatchObject({
      row: 2,
      organisationCode: 'BK0002',
      outcome: 'refused',
      code: 'validation_failed',
    });
    expect(Object.keys(second.errors)).toEqual(['headcount']);
    expect(third).toMatchObject({ outcome: 'saved' });
    const saved = await revisionsOf('BK0001');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.content).toEqual({
      headcount: 12,
      notes: 'Two sites, one return',
      staff: [{ grade: 'Band 5' }, { grade: 'Band 6' }],
    });
    // Never a partial return: the refused row wrote nothing.
    expect(await revisionsOf('BK0002')).toEqual([]);
    // Each lock taken for the save was let go: the browser can open the return at once.
    const locks = await t.database.db
      .selectFrom('submission')
      .select('lockedBy')
      .where('reportingPeriodId', '=', periodId)
      .where('lockedBy', 'is not', null)
      .execute();
    expect(locks).toEqual([]);
  });

  it('refuses a row for an organisation outside the token’s reach and saves the others; duplicates are refused', async () => {
    const res = await bulk({
      returns: [
        { organisationCode: 'BK0010', headcount: 1 },
        { organisationCode: OUTSIDE, headcount: 2 },
        { organisationCode: 'BK0011', headcount: 3 },
        { organisationCode: 'bk0011', headcount: 4 },
        { organisationCode: 'NOPE1', headcount: 5 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'saved',
      'refused',
      'refused',
      'refused',
      'refused',
    ]);
    expect(res.body.results[1].message).toBe(
      'You cannot submit returns for this organisation in this collection',
    );
    // Not a recipient reads the same as not yours.
    expect(res.body.results[4].message).toBe(res.body.results[1].message);
    expect(res.body.results[2].message).toBe(
      'This organisation has more than one row: send one row per organisation',
    );
    expect(await revisionsOf(OUTSIDE)).toEqual([]);
    expect(await revisionsOf('BK0011')).toEqual([]);
    expect(await revisionsOf('BK0010')).toHaveLength(1);
  });

  it('submits only with the declaration, through the same checks and audit as the browser', async () => {
    const rows = { returns: [{ organisationCode: 'BK0020', headcount: 7 }, { organisationCode: 'BK0021' }] };
    const unsigned = await bulk(rows, 'action=submit');
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors.declaration).toEqual([
      'Confirm that the information in this return is correct and complete',
    ]);
    const res = await bulk(rows, 'action=submit&declaration=true');
    expect(res.body.counts).toEqual({ saved: 0, submitted: 1, refused: 1 });
    // A submit's checks: the required answer is missing.
    expect(res.body.results[1].errors.headcount).toBeDefined();
    const submitted = await t.database.db
      .selectFrom('submission')
      .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
      .select(['submission.id', 'submission.status', 'submission.submittedBy'])
      .where('organisation.code', '=', 'BK0020')
      .where('submission.reportingPeriodId', '=', periodId)
      .executeTakeFirstOrThrow();
    expect(submitted).toMatchObject({ status: 'completed', submittedBy: federationUser });
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityType', '=', 'submission')
      .where('entityId', '=', String(submitted.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['submission.lock', 'submission.submit', 'submission.unlock']);
  });

  it('refuses columns that are not questions of the form, and saves nothing', async () => {
    const res = await bulk({ returns: [{ organisationCode: 'BK0030', headcount: 1, headcuont: 2 }] });
    expect(res.status).toBe(400);
    expect(res.body.additionalDetails).toEqual(['headcuont']);
    expect(await revisionsOf('BK0030')).toEqual([]);
  });

  it('a retry with the same client reference changes nothing; a different request with it is refused', async () => {
    const rows = {
      returns: [
        { organisationCode: 'BK0040', headcount: 1 },
        { organisationCode: 'BK0041', headcount: 2 },
      ],
    };
    const first = await bulk(rows, 'clientReference=retry-1');
    expect(first.body).toMatchObject({ replayed: false, counts: { saved: 2 } });
    const again = await bulk(rows, 'clientReference=retry-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual({ ...first.body, replayed: true });
    expect(await revisionsOf('BK0040')).toHaveLength(1);
    const other = await bulk(
      { returns: [{ organisationCode: 'BK0040', headcount: 9 }] },
      'clientReference=retry-1',
    );
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('client_reference_reused');
  });

  it('a retry after a dropped connection answers the first call’s results and saves nothing twice', async () => {
    const address = await t.app
      .listen({ host: '127.0.0.1', port: 0 })
      .then(() => t.app.server.address() as AddressInfo);
    const rows = codes.slice(100, 140).map((code, i) => ({ organisationCode: code, headcount: i }));
    const payload = JSON.stringify({ returns: rows });
    // The client sends the whole request and goes away while the service works on it (its claim of
    // the reference is in the database), before the answer.
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: address.port,
        method: 'POST',
        path: url('clientReference=dropped-1'),
        headers: {
          authorization: `Bearer ${submitToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      });
      req.on('error', () => {});
      req.on('response', () => reject(new Error('answered before the connection was dropped')));
      req.end(payload);
      const dropOnceClaimed = async () => {
        for (let i = 0; i < 600; i++) {
          const claim = await t.database.db
            .selectFrom('bulkReturnRequest')
            .select('id')
            .where('clientReference', '=', 'dropped-1')
            .executeTakeFirst();
          if (claim) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        req.destroy();
        resolve();
      };
      void dropOnceClaimed();
    });
    // Retried until the first call has finished: meanwhile told it is still being processed.
    let retry: Response<any> | undefined;
    for (let i = 0; i < 600; i++) {
      retry = await bulk({ returns: rows }, 'clientReference=dropped-1');
      if (retry.status !== 409) break;
      expect(retry.body.code).toBe('bulk_in_progress');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(retry?.status, retry?.text).toBe(200);
    expect(retry?.body).toMatchObject({ replayed: true, counts: { saved: 40, refused: 0 } });
    for (const code of codes.slice(100, 140)) expect(await revisionsOf(code)).toHaveLength(1);
  });

  it('a read token cannot send returns, and a token cannot be limited to a collection its user does not see', async () => {
    const browser = await t.asUser(federationUser);
    const expires = DateTime.now().plus({ days: 3 }).toISODate();
    const read = await browser.post('/v1/api/User/Current/AccessToken', {
      name: 'r',
      scope: 'read',
      expires,
    });
    const rows = { returns: [{ organisationCode: 'BK0050', headcount: 1 }] };
    expect((await bulk(rows, '', { token: read.body.secret })).status).toBe(403);
    const elsewhere = await browser.post('/v1/api/User/Current/AccessToken', {
      name: 'e',
      scope: 'submit',
      expires,
      collectionId: await t.demoCollectionId(),
    });
    // The federation user does not see the demo collection: the token cannot be limited to it.
    expect(elsewhere.status).toBe(400);
    expect(await revisionsOf('BK0050')).toEqual([]);
  });

  it('takes a data quality warning’s explanation in an explanations.<rule id> column, as the browser does', async () => {
    const db = t.database.db;
    const formId = await insertForm(db, collectionId, 2, form);
    await db
      .updateTable('form')
      .set({
        dataQualityRules: JSON.stringify([
          {
            id: 'big',
            name: 'Large headcount',
            severity: 'warning',
            message: 'Headcount is over 100',
            check: { kind: 'compare', left: 'headcount', operator: '<=', right: '100' },
            fields: ['headcount'],
            logic: { '<=': [{ var: 'answers.headcount' }, 100] },
          },
        ]),
      })
      .where('id', '=', formId)
      .execute();
    const period = await insertPeriod(db, {
      collectionId,
      formId,
      name: 'December',
      open: new Date(Date.now() - 86_400_000),
      close: new Date(Date.now() + 10 * 86_400_000),
    });
    const send = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/api/Collection/${collectionId}/ReportingPeriod/${period}/Submission/Bulk?action=submit&declaration=true`,
        headers: { authorization: `Bearer ${submitToken}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const unexplained = (await send({ returns: [{ organisationCode: 'BK0060', headcount: 500 }] })).json();
    expect(unexplained.results[0]).toMatchObject({ outcome: 'refused', code: 'validation_failed' });
    expect(Object.keys(unexplained.results[0].errors)).toEqual(['explanations.big']);
    const explained = (
      await send({
        returns: [{ organisationCode: 'BK0060', headcount: 500, 'explanations.big': 'Two sites merged' }],
      })
    ).json();
    expect(explained.results[0]).toMatchObject({ outcome: 'submitted' });
  });

  it(`submits ${ORGANISATIONS} organisations’ returns in one call`, { timeout: 600_000 }, async () => {
    const rows = codes.map((code, i) => ({
      organisationCode: code,
      headcount: i,
      notes: `Return of ${code}`,
    }));
    const started = performance.now();
    const res = await bulk({ returns: rows }, 'action=submit&declaration=true&clientReference=all-1000');
    const seconds = (performance.now() - started) / 1000;
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.body.counts).toEqual({ saved: 0, submitted: ORGANISATIONS, refused: 0 });
    console.info(
      `bulk returns: ${ORGANISATIONS} submitted in ${seconds.toFixed(1)} s (${(ORGANISATIONS / seconds).toFixed(0)} returns/s)`,
    );
    const completed = await t.database.db
      .selectFrom('submission')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reportingPeriodId', '=', periodId)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    expect(Number(completed.n)).toBeGreaterThanOrEqual(ORGANISATIONS);
  });
});
