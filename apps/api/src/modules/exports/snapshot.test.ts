import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import {
  completeAnswers,
  lock,
  newPeriod,
  pageFor,
  save,
  submit,
} from '../../../test/support/submission-fixtures';
import { SESSION_COOKIE } from '../../platform/sessions';

/**
 * One export, one moment: a return submitted while an export is being downloaded is either in it or
 * out of it, never half. The export is made large (5,000 returns of about 2 kB) so the
 * server is still reading the database when the client stops to let the return be submitted, and
 * the submitted return's organisation sorts after them, so its row is read after the submit.
 */
const FILLER = 5_000;

let manager: Client;
let authoriser: Client;
let origin: string;
let periodId: number;
let exportUrl: string;

const t = useTestApp();
beforeAll(async () => {
  manager = await t.as('manager');
  authoriser = await t.as('authoriserA');
  periodId = await newPeriod(t);
  const collectionId = await t.demoCollectionId();
  exportUrl = `/v1/api/Collection/${collectionId}/ReportingPeriod/${periodId}/Export?format=csv`;
  // Organisations whose names sort before the authoriser's trust, each with a submitted return.
  await sql`
    insert into organisation (code, name)
    select 'F' || lpad(i::text, 5, '0'), 'AAA FILLER ' || lpad(i::text, 5, '0')
    from generate_series(1, ${FILLER}) i
  `.execute(t.database.db);
  await sql`
    insert into collection_organisation (collection_id, organisation_id)
    select ${collectionId}, id from organisation where code like 'F%' and name like 'AAA FILLER %'
  `.execute(t.database.db);
  await sql`
    with s as (
      insert into submission (collection_id, reporting_period_id, organisation_id, form_id, status)
      select ${collectionId}, rp.id, o.id, rp.form_id, 'completed'
      from organisation o, reporting_period rp
      where o.name like 'AAA FILLER %' and rp.id = ${periodId}
      returning id
    )
    insert into submission_revision (submission_id, status, content, created_by, created_at)
    select s.id, 'completed', jsonb_build_object('headcount', s.id, 'comments', repeat('x', 2000)),
      (select id from app_user order by id limit 1), now()
    from s
  `.execute(t.database.db);
  await sql`
    update submission s set current_revision_id = r.id, official_revision_id = r.id,
      submitted_by = r.created_by, submitted_at = r.created_at
    from submission_revision r where r.submission_id = s.id and s.reporting_period_id = ${periodId}
  `.execute(t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);

/** The authoriser's trust's row of a CSV export (the data starts on line 3, after labels and keys). */
function trustRow(csv: string) {
  const records: string[][] = parse(csv, { bom: true });
  const keys = records[1]!;
  const row = records.slice(2).find((r) => r[keys.indexOf('organisationCode')] === 'RJ1');
  const cell = (key: string) => row?.[keys.indexOf(key)];
  return { rows: records.length - 2, status: cell('status'), headcount: cell('headcount') };
}

it('a return submitted during an export is in it or out of it, never half', async () => {
  const page = await pageFor(t, periodId, 'RJ1');
  const view = await lock(authoriser, page);
  const draft = await save(authoriser, view.submissionId, {
    content: { ...completeAnswers, headcount: 7 },
    baseRevisionId: view.currentRevisionId,
  });
  expect(draft.status).toBe(201);
  const { currentRevisionId } = await t.database.db
    .selectFrom('submission')
    .select('currentRevisionId')
    .where('id', '=', view.submissionId)
    .executeTakeFirstOrThrow();

  const response = await fetch(`${origin}${exportUrl}`, {
    headers: { cookie: `${SESSION_COOKIE}=${manager.cookies.get(SESSION_COOKIE)}` },
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  const first = await reader.read();
  chunks.push(first.value!);

  // The export has begun and waits for this client; the trust's authoriser submits the return now.
  const submitted = submit(authoriser, view.submissionId, {
    content: { ...completeAnswers, headcount: 8 },
    baseRevisionId: currentRevisionId,
  });
  // On PostgreSQL the submit completes while the export is still open. PGlite is one connection,
  // which the export's transaction holds: there the submit waits for the export to end.
  if (t.database.kind === 'postgres') expect((await submitted).status).toBe(201);

  for (let part = await reader.read(); !part.done; part = await reader.read()) chunks.push(part.value);
  const during = trustRow(Buffer.concat(chunks).toString());
  expect(during.rows).toBe(Number(response.headers.get('x-export-rows')));
  // As it was when the export began: a draft, whose answers an export does not show.
  expect(during).toMatchObject({ status: 'Draft', headcount: '' });

  expect((await submitted).status).toBe(201);
  const after = trustRow((await manager.get(exportUrl)).text);
  expect(after).toMatchObject({ status: 'Completed', headcount: '8' });
}, 180_000);
