import { dataQualityMessages } from '@dcf/domain/data-quality';
import { evaluateDataQuality } from '@dcf/forms/data-quality/evaluate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, useTestApp } from '../../../test/harness';
import { runStatisticsSweep } from '../../../test/support/jobs';
import { pdfText } from '../../../test/support/pdf-text';
import { insertReturn } from '../../../test/support/returns-fixture';
import {
  closePeriodNow,
  completeAnswers,
  dataQualityUrl,
  demoFormId,
  lock,
  lockNewPage,
  newPeriod,
  pageFor,
  save,
} from '../../../test/support/submission-fixtures';

let collectionId: number;
const t = useTestApp();
beforeAll(async () => {
  collectionId = await t.demoCollectionId();
});

/** Saves a revision with explanations (the fixtures' `save` body has none). */
const saveWith = (client: Client, submissionId: number, body: Record<string, unknown>) =>
  client.post(`/v1/api/Submission/${submissionId}/SubmissionRevision`, { status: 'draft', ...body });

const rulesUrl = (formId: number) => `/v1/api/Collection/${collectionId}/Form/${formId}/DataQualityRule`;

/** Adds rules one by one (each may make a new form version); the ids given, in order. */
async function addRules(manager: Client, rules: Record<string, unknown>[], startFormId?: number) {
  let formId = startFormId ?? (await demoFormId(t));
  const ids: string[] = [];
  for (const rule of rules) {
    const res = await manager.post(rulesUrl(formId), rule);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    formId = res.body.formId;
    ids.push(res.body.rules.at(-1).id);
  }
  return ids;
}

const vacanciesRule = {
  name: 'Vacancies within headcount',
  severity: 'error',
  message: 'Vacancies cannot be more than headcount',
  check: { kind: 'compare', left: 'vacancies', operator: '<=', right: 'headcount' },
};
const headcountChangeRule = {
  name: 'Headcount change',
  severity: 'warning',
  message: 'Headcount changed by more than 20% since your last return',
  check: { kind: 'change', field: 'headcount', percent: 20, amount: null },
};
const sicknessRangeRule = {
  name: 'Sickness in range',
  severity: 'warning',
  message: 'Working days lost is outside the range other organisations reported last period',
  check: { kind: 'range', field: 'sicknessDays', bounds: 'minMax' },
};

/**
 * Submitted returns for a period straight in the database (the statistics' sample), one organisation
 * each, `first` taking the first answers; organisations are added as recipients where needed.
 */
async function seedSubmittedReturns(periodId: number, first: number, answers: Record<string, unknown>[]) {
  const db = t.database.db;
  const formId = await demoFormId(t);
  const recipients = await db
    .selectFrom('collectionOrganisation')
    .select('organisationId')
    .where('collectionId', '=', collectionId)
    .orderBy('organisationId')
    .execute();
  const others = await db
    .selectFrom('organisation')
    .select('id')
    .where(
      'id',
      'not in',
      recipients.map((r) => r.organisationId),
    )
    .orderBy('id')
    .limit(answers.length)
    .execute();
  for (const other of others)
    await db
      .insertInto('collectionOrganisation')
      .values({ collectionId, organisationId: other.id })
      .execute();
  const organisationIds = [
    first,
    ...[...recipients.map((r) => r.organisationId), ...others.map((o) => o.id)].filter((id) => id !== first),
  ];
  const author = await db.selectFrom('appUser').select('id').limit(1).executeTakeFirstOrThrow();
  for (const [index, content] of answers.entries())
    await insertReturn(db, {
      collectionId,
      periodId,
      organisationId: organisationIds[index] as number,
      formId,
      userId: author.id,
      status: 'completed',
      content,
    });
}

/**
 * Closes a period (its close a minute ago) and runs the jobs, as the scheduled sweep would once it
 * closed: its statistics are computed once and stored (decision 0034).
 */
async function closeAndComputeStatistics(periodId: number) {
  await closePeriodNow(t, periodId, 60_000);
  await runStatisticsSweep(t);
}

/**
 * RJ1's return page in a new period, after a last period closed with `answers` submitted (RJ1's the
 * first) and its statistics computed.
 */
async function afterLastPeriod(answers: Record<string, unknown>[]) {
  const lastPeriod = await newPeriod(t);
  const thisPeriod = await newPeriod(t);
  const page = await pageFor(t, thisPeriod);
  await seedSubmittedReturns(lastPeriod, page.organisationId, answers);
  await closeAndComputeStatistics(lastPeriod);
  return { lastPeriod, thisPeriod, page };
}

describe('data quality rules on a collection (manager)', () => {
  it('only collection managers and administrators change rules; fields must be number questions of the form', async () => {
    const formId = await demoFormId(t);
    const clerk = await t.as('clerkA');
    expect((await clerk.post(rulesUrl(formId), vacanciesRule)).status).toBe(403);

    const manager = await t.as('manager');
    const unknown = await manager.post(rulesUrl(formId), {
      ...vacanciesRule,
      check: { ...vacanciesRule.check, right: 'comments' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.check).toEqual([dataQualityMessages.unknownField('comments')]);

    const hostile = await manager.post(rulesUrl(formId), {
      ...vacanciesRule,
      check: {
        kind: 'logic',
        logic: { _invoke: [{ var: 'answers' }, 'constructor.constructor', 'x'] },
        fields: [],
      },
    });
    expect(hostile.status).toBe(400);
    expect(hostile.body.errors['check.logic']).toEqual(['the operation "_invoke" is not supported']);
  });

  it('rules are versioned with the form: a version with submissions gets a new version, then changes in place', async () => {
    const used = await demoFormId(t);
    const { client: clerk, view } = await lockNewPage(t, 'clerkA');
    expect(
      (await save(clerk, view.submissionId, { content: { headcount: 1 }, baseRevisionId: null })).status,
    ).toBe(201);

    const manager = await t.as('manager');
    const created = await manager.post(rulesUrl(used), vacanciesRule);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.createdNewVersion).toBe(true);
    expect(created.body.formId).not.toBe(used);
    expect(created.body.rules).toMatchObject([
      { id: 'r1', fields: ['vacancies', 'headcount'], ...vacanciesRule },
    ]);
    // The old version keeps its (empty) rule set: returns made with it are checked by its rules.
    expect((await manager.get(rulesUrl(used))).body.rules).toEqual([]);

    const changed = await manager.put(`${rulesUrl(created.body.formId)}/r1`, {
      ...vacanciesRule,
      name: 'Vacancies',
    });
    expect(changed.body).toMatchObject({ formId: created.body.formId, createdNewVersion: false });
    expect(changed.body.rules[0].name).toBe('Vacancies');
    const removed = await manager.delete(`${rulesUrl(created.body.formId)}/r1`);
    expect(removed.body.rules).toEqual([]);
    expect((await manager.delete(`${rulesUrl(created.body.formId)}/r1`)).status).toBe(404);
  });
});

describe('data quality at submit (server verdicts, explanations, the manager view)', () => {
  it('an error blocks, a warning needs an explanation, the explanation is kept and counted for the manager', async () => {
    const manager = await t.as('manager');
    // Last period: five organisations' submitted returns, RJ1 (the first recipient) among them.
    const { thisPeriod, page } = await afterLastPeriod(
      [10, 20, 30, 40, 50].map((sicknessDays) => ({ ...completeAnswers, sicknessDays })),
    );
    await addRules(manager, [vacanciesRule, headcountChangeRule, sicknessRangeRule]);
    // The entry page gets the rules, RJ1's last return and last period's range (5 returns).
    const clerk = await t.as('clerkA');
    const context = await clerk.get(dataQualityUrl(page));
    expect(context.status).toBe(200);
    expect(context.body.rules.map((r: { id: string }) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(context.body.previous.answers).toMatchObject({ headcount: 120, sicknessDays: 10 });
    expect(context.body.stats).toEqual({
      sicknessDays: { count: 5, min: 10, p5: 10, median: 30, p95: 50, max: 50 },
    });

    const view = await lock(clerk, page);
    // A draft is never refused, and keeps what the rules found.
    const draft = await saveWith(clerk, view.submissionId, {
      content: { ...completeAnswers, headcount: 200, vacancies: 300, sicknessDays: 90 },
      baseRevisionId: null,
      explanations: { r2: 'We merged with a neighbouring trust' },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);

    const authoriser = await t.as('authoriserA');
    const seen = await authoriser.get(dataQualityUrl(page));
    expect(seen.body.findings).toEqual([
      expect.objectContaining({ ruleId: 'r1', severity: 'error', explanation: null }),
      expect.objectContaining({
        ruleId: 'r2',
        severity: 'warning',
        explanation: 'We merged with a neighbouring trust',
      }),
      expect.objectContaining({ ruleId: 'r3', severity: 'warning', explanation: null }),
    ]);

    await clerk.delete(`${page.url}/Lock`);
    const authoriserView = await lock(authoriser, page);
    const submit = (content: Record<string, unknown>, explanations?: Record<string, string>) =>
      saveWith(authoriser, authoriserView.submissionId, {
        content,
        status: 'completed',
        declaration: true,
        baseRevisionId: authoriserView.currentRevisionId,
        ...(explanations ? { explanations } : {}),
      });

    const blocked = await submit({ ...completeAnswers, headcount: 200, vacancies: 300, sicknessDays: 90 });
    expect(blocked.status).toBe(400);
    expect(blocked.body.errors).toEqual({
      vacancies: ['Vacancies cannot be more than headcount'],
      'explanations.r2': [dataQualityMessages.explanationRequired('Headcount change')],
      'explanations.r3': [dataQualityMessages.explanationRequired('Sickness in range')],
    });

    const unexplained = await submit(
      { ...completeAnswers, headcount: 200, vacancies: 3, sicknessDays: 90 },
      { r2: 'Merger' },
    );
    expect(unexplained.body.errors).toEqual({
      'explanations.r3': [dataQualityMessages.explanationRequired('Sickness in range')],
    });

    const submitted = await submit(
      { ...completeAnswers, headcount: 200, vacancies: 3, sicknessDays: 90 },
      { r2: 'Merger', r3: 'Norovirus outbreak on two wards', r1: 'not flagged, not kept' },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);

    const summary = await manager.get(`/v1/api/View/Manager/ReportingPeriod/${thisPeriod}/DataQuality`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ returnsSubmitted: 1, returnsWithWarnings: 1 });
    const checked = { notChecked: 0, notCheckedReason: null };
    expect(summary.body.rules).toEqual([
      { id: 'r1', name: 'Vacancies within headcount', severity: 'error', returns: 0, ...checked },
      { id: 'r2', name: 'Headcount change', severity: 'warning', returns: 1, ...checked },
      { id: 'r3', name: 'Sickness in range', severity: 'warning', returns: 1, ...checked },
    ]);
    expect(summary.body.items[0].findings.map((f: { explanation: string }) => f.explanation)).toEqual([
      'Merger',
      'Norovirus outbreak on two wards',
    ]);
    // The PDF and the period's export carry the warnings with their explanations.
    const submissionId = submitted.body.submissionId;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/api/Submission/${submissionId}/Pdf`,
      headers: { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain('Data quality warning: Headcount change');
    expect(printed).toContain('Explanation: Norovirus outbreak on two wards');
    const csv = await manager.get(
      `/v1/api/Collection/${collectionId}/ReportingPeriod/${thisPeriod}/Export?format=csv`,
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]?.endsWith('Data quality warnings (rule: explanation)')).toBe(true);
    expect(lines.find((line) => line.includes('Merger'))).toContain(
      'Headcount change: Merger | Sickness in range: Norovirus outbreak on two wards',
    );

    const filtered = await manager.get(
      `/v1/api/View/Manager/ReportingPeriod/${thisPeriod}/DataQuality?ruleId=r1`,
    );
    expect(filtered.body.items).toEqual([]);
    expect((await clerk.get(`/v1/api/View/Manager/ReportingPeriod/${thisPeriod}/DataQuality`)).status).toBe(
      403,
    );
  });
});

describe("numbers written as text in last period's returns", () => {
  it('a previous answer of "1,5" or "3-4" is no figure and fails no save; " 12 " counts as 12', async () => {
    const manager = await t.as('manager');
    // As an earlier form version with a text question (or an import) would have left them.
    const { page } = await afterLastPeriod(
      ['1,5', '3-4', ' 12 ', '1e3', '12.', '', 20, 30, 40, 50].map((sicknessDays) => ({
        ...completeAnswers,
        sicknessDays,
      })),
    );
    const [rangeRule] = await addRules(manager, [sicknessRangeRule]);
    const clerk = await t.as('clerkA');
    const context = await clerk.get(dataQualityUrl(page));
    expect(context.status).toBe(200);
    expect(context.body.stats).toMatchObject({
      sicknessDays: { count: 5, min: 12, p5: 12, median: 30, p95: 50, max: 50 },
    });
    const view = await lock(clerk, page);
    const saved = await saveWith(clerk, view.submissionId, {
      content: { ...completeAnswers, sicknessDays: 60 },
      baseRevisionId: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const findings = (await clerk.get(dataQualityUrl(page))).body.findings;
    expect(findings.map((f: { ruleId: string }) => f.ruleId)).toContain(rangeRule);
  });
});

describe("last period's inputs, read once per return and again when they change", () => {
  it('a save sees an earlier return submitted again and statistics computed again', async () => {
    const manager = await t.as('manager');
    const { lastPeriod, page } = await afterLastPeriod(
      [10, 20, 30, 40, 50].map((sicknessDays) => ({ ...completeAnswers, headcount: 100, sicknessDays })),
    );
    const [changeRule, rangeRule] = await addRules(manager, [headcountChangeRule, sicknessRangeRule]);
    const clerk = await t.as('clerkA');
    const view = await lock(clerk, page);
    const content = { ...completeAnswers, headcount: 100, sicknessDays: 30 };
    // Which of the two rules the return's findings name (the form may have other tests' rules too).
    const failing = async () => {
      const { findings } = (await clerk.get(dataQualityUrl(page))).body;
      return [changeRule, rangeRule].filter((id) =>
        findings.some((f: { ruleId: string }) => f.ruleId === id),
      );
    };
    let baseRevisionId: number | null = null;
    const saveAgain = async () => {
      const saved = await saveWith(clerk, view.submissionId, { content, baseRevisionId });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      baseRevisionId = saved.body.currentRevisionId;
    };

    await saveAgain();
    expect(await failing()).toEqual([]);

    // RJ1's return of last period submitted again (as after a reopen) with twice the headcount.
    const db = t.database.db;
    const previous = await db
      .selectFrom('submission')
      .select('id')
      .where('reportingPeriodId', '=', lastPeriod)
      .where('organisationId', '=', page.organisationId)
      .executeTakeFirstOrThrow();
    const resubmitted = await db
      .insertInto('submissionRevision')
      .values({
        submissionId: previous.id,
        status: 'completed',
        content: JSON.stringify({ ...completeAnswers, headcount: 200, sicknessDays: 10 }),
        createdBy: await t.userId('manager'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('submission')
      .set({ currentRevisionId: resubmitted.id, officialRevisionId: resubmitted.id })
      .where('id', '=', previous.id)
      .execute();
    await saveAgain();
    expect(await failing()).toEqual([changeRule]);

    // Last period's statistics computed again (as after that submit): working days lost now 10-20.
    const stored = await db
      .selectFrom('periodStatistics')
      .select('statistics')
      .where('reportingPeriodId', '=', lastPeriod)
      .executeTakeFirstOrThrow();
    const statistics = (
      typeof stored.statistics === 'string' ? JSON.parse(stored.statistics) : stored.statistics
    ) as Record<string, Record<string, number>>;
    await db
      .updateTable('periodStatistics')
      .set({
        statistics: JSON.stringify({ ...statistics, sicknessDays: { ...statistics.sicknessDays, max: 20 } }),
        computedAt: new Date(),
      })
      .where('reportingPeriodId', '=', lastPeriod)
      .execute();
    await saveAgain();
    expect(await failing()).toEqual([changeRule, rangeRule]);
  });
});

describe('browser and server agree', () => {
  it('the verdicts the entry page computes from what the API sends it are the ones the server saves', async () => {
    const manager = await t.as('manager');
    const { page } = await afterLastPeriod(
      [5, 8, 13, 21, 34, 55].map((n) => ({
        ...completeAnswers,
        headcount: 100 + n,
        agencyShifts: n,
        sicknessDays: n,
      })),
    );
    const more = [
      {
        name: 'Sickness within the middle 90%',
        severity: 'warning',
        message: 'Outside the 5th to 95th percentile',
        check: { kind: 'range', field: 'sicknessDays', bounds: 'p5p95' },
      },
      {
        name: 'Agency shifts changed',
        severity: 'warning',
        message: 'Agency shifts changed a lot',
        check: { kind: 'change', field: 'agencyShifts', percent: 50, amount: 3 },
      },
      {
        name: 'Headcount total',
        severity: 'warning',
        message: 'Headcount should equal vacancies plus agency shifts',
        check: { kind: 'sum', total: 'headcount', parts: ['vacancies', 'agencyShifts'] },
      },
      {
        name: 'Expert: sickness per head',
        severity: 'warning',
        message: 'More than one day lost per head',
        check: {
          kind: 'logic',
          logic: { '<=': [{ var: 'answers.sicknessDays' }, { var: 'answers.headcount' }] },
          fields: ['sicknessDays'],
        },
      },
    ];
    await addRules(manager, more);
    const clerk = await t.as('clerkA');
    const context = (await clerk.get(dataQualityUrl(page))).body;
    let view = await lock(clerk, page);
    const answerSets = [
      { ...completeAnswers, headcount: 10, vacancies: 4, agencyShifts: 6, sicknessDays: 8 },
      { ...completeAnswers, headcount: 10, vacancies: 40, agencyShifts: 60, sicknessDays: 80 },
      { ...completeAnswers, headcount: 1000, vacancies: 0, agencyShifts: 5, sicknessDays: 55 },
      { ...completeAnswers, headcount: 7, vacancies: 7, sicknessDays: 5 },
      { headcount: 3 },
    ];
    const flagged: string[][] = [];
    for (const answers of answerSets) {
      const browser = evaluateDataQuality(context.rules, {
        answers,
        previous: context.previous?.answers ?? null,
        stats: context.stats,
      }).map((v) => v.ruleId);
      const saved = await saveWith(clerk, view.submissionId, {
        content: answers,
        baseRevisionId: view.currentRevisionId,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      view = saved.body;
      const server = (await clerk.get(dataQualityUrl(page))).body.findings.map(
        (f: { ruleId: string }) => f.ruleId,
      );
      expect(server).toEqual(browser);
      flagged.push(server);
    }
    // The answer sets reach different verdicts (the comparison is not between two empty lists).
    expect(new Set(flagged.map((ids) => ids.join())).size).toBeGreaterThanOrEqual(3);
  });
});

describe('grid columns', () => {
  it('totals a grid column over its rows for sums, last period’s statistics and the verdicts', async () => {
    const manager = await t.as('manager');
    const definition = {
      display: 'form',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        {
          type: 'datagrid',
          key: 'staff',
          label: 'Staff',
          input: true,
          components: [
            { type: 'textfield', key: 'grade', label: 'Grade', input: true },
            { type: 'number', key: 'hours', label: 'Hours', input: true },
          ],
        },
      ],
    };
    const saved = await manager.put(`/v1/api/Collection/${collectionId}/Form/${await demoFormId(t)}`, {
      definition,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    let formId = saved.body.id;
    // The rules carried over from the version before name questions this one lacks: replaced here.
    for (const rule of (await manager.get(rulesUrl(formId))).body.rules)
      formId = (await manager.delete(`${rulesUrl(formId)}/${rule.id}`)).body.formId;
    const [sumRule, rangeRule] = await addRules(
      manager,
      [
        {
          name: 'Hours add up',
          severity: 'error',
          message: 'Headcount hours must equal the hours of the rows',
          check: { kind: 'sum', total: 'headcount', parts: ['staff.hours'] },
        },
        {
          name: 'Hours in range',
          severity: 'warning',
          message: 'Total hours outside last period’s range',
          check: { kind: 'range', field: 'staff.hours', bounds: 'minMax' },
        },
      ],
      formId,
    );
    // Column totals 10, 20, 30, 40 and 50 (a row without hours counts 0; text hours count as numbers).
    const { page } = await afterLastPeriod(
      [10, 20, 30, 40, 50].map((total) => ({
        staff: [{ grade: 'A', hours: total - 4 }, { grade: 'B', hours: '4' }, { grade: 'C' }],
      })),
    );
    const clerk = await t.as('clerkA');
    const context = (await clerk.get(dataQualityUrl(page))).body;
    expect(context.stats).toEqual({
      staff: { hours: { count: 5, min: 10, p5: 10, median: 30, p95: 50, max: 50 } },
    });

    let view = await lock(clerk, page);
    for (const [answers, expected] of [
      [{ headcount: 8, staff: [{ hours: 5 }, { hours: 3 }] }, [rangeRule]],
      [{ headcount: 12, staff: [{ hours: 5 }, { hours: 8 }] }, [sumRule]],
      [{ headcount: 60, staff: [{ hours: 30 }, { hours: 30 }] }, [rangeRule]],
    ] as [Record<string, unknown>, string[]][]) {
      const browser = evaluateDataQuality(context.rules, {
        answers,
        previous: context.previous?.answers ?? null,
        stats: context.stats,
      }).map((v) => v.ruleId);
      expect(browser).toEqual(expected);
      const res = await saveWith(clerk, view.submissionId, {
        content: answers,
        baseRevisionId: view.currentRevisionId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      view = res.body;
      const server = (await clerk.get(dataQualityUrl(page))).body.findings;
      expect(server.map((f: { ruleId: string }) => f.ruleId)).toEqual(browser);
    }
  });
});
