import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { insertReturn } from '../../../test/support/returns-fixture';
import { completeAnswers, newPeriod } from '../../../test/support/submission-fixtures';

/**
 * The manager's data quality view of a period (decision 0034): the returns with warnings filtered by
 * rule and by name or code, sorted and paged in SQL like the period's submissions, with the counts of
 * the whole period beside the page.
 */

let periodId: number;
const url = (query = '') => `/v1/api/View/Manager/ReportingPeriod/${periodId}/DataQuality${query}`;

const finding = (ruleId: string, explanation: string | null) => ({
  ruleId,
  name: `Rule ${ruleId}`,
  severity: 'warning',
  message: `Check ${ruleId}`,
  fields: ['headcount'],
  explanation,
});
/** A rule the interpreter could not evaluate on a return (decision 0030): kept, but no warning. */
const notChecked = (ruleId: string) => ({
  ...finding(ruleId, null),
  notChecked: 'it takes more than 100,000 steps',
});
const rule = (id: string) => ({
  id,
  name: `Rule ${id}`,
  severity: 'warning',
  message: `Check ${id}`,
  check: { kind: 'compare', left: 'headcount', operator: '<=', right: 'headcount' },
  fields: ['headcount'],
  logic: { '<=': [{ var: 'answers.headcount' }, { var: 'answers.headcount' }] },
});

const t = useTestApp();
beforeAll(async () => {
  const db = t.database.db;
  const collectionId = await t.demoCollectionId();
  periodId = await newPeriod(t);
  const form = await db
    .selectFrom('reportingPeriod')
    .select('formId')
    .where('id', '=', periodId)
    .executeTakeFirstOrThrow();
  const organisations = await db.selectFrom('organisation').select('id').orderBy('id').limit(30).execute();
  const author = await t.userId('clerkA');
  await db
    .updateTable('form')
    .set({ dataQualityRules: JSON.stringify(['r1', 'r2', 'r3'].map(rule)) })
    .where('id', '=', form.formId as number)
    .execute();
  // 30 submitted returns: every third without warnings, the rest flagged by r1 (even) or r1 and r2 (odd);
  // r3 could not be evaluated on five of those without warnings and on the second return.
  for (const [i, { id: organisationId }] of organisations.entries()) {
    await db
      .insertInto('collectionOrganisation')
      .values({ collectionId, organisationId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const warnings =
      i % 3 === 0
        ? []
        : i % 2 === 0
          ? [finding('r1', `Reason ${i}`)]
          : [finding('r1', `Reason ${i}`), finding('r2', null)];
    const findings = (i % 3 === 0 && i < 15) || i === 1 ? [...warnings, notChecked('r3')] : warnings;
    await insertReturn(db, {
      collectionId,
      periodId,
      organisationId,
      formId: form.formId as number,
      userId: author,
      status: 'completed',
      content: completeAnswers,
      at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      dataQuality: { findings, warnings: warnings.length },
    });
  }
});

describe("the manager's data quality view of a period", () => {
  it('counts the whole period and pages, filters and sorts the returns with warnings', async () => {
    const manager = await t.as('superAdmin');
    const first = await manager.get(url('?pageSize=5'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ returnsSubmitted: 30, returnsWithWarnings: 20, total: 20 });
    expect(first.body.items).toHaveLength(5);
    const names = first.body.items.map((i: { organisationName: string }) => i.organisationName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    // One rule's returns: r2 flagged the odd ones only; the other rule's counts stay the period's.
    const r2 = await manager.get(url('?ruleId=r2&pageSize=100&sortBy=warnings&sortOrder=DESC'));
    expect(r2.body.total).toBe(10);
    expect(r2.body.items.every((i: { warnings: number }) => i.warnings === 2)).toBe(true);

    // Sorted by time of submission, newest first, across pages with no row twice.
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const res = await manager.get(url(`?sortBy=submittedAt&sortOrder=DESC&pageSize=6&page=${page}`));
      seen.push(...res.body.items.map((i: { submittedAt: string }) => i.submittedAt));
    }
    expect(seen).toHaveLength(20);
    expect(seen).toEqual([...seen].sort().reverse());

    // A name or code search, and one that finds nothing.
    const one = first.body.items[0];
    const byCode = await manager.get(url(`?query=${encodeURIComponent(one.organisationCode.toLowerCase())}`));
    expect(byCode.body.items.map((i: { submissionId: number }) => i.submissionId)).toContain(
      one.submissionId,
    );
    const none = await manager.get(url('?query=no-such-organisation'));
    expect(none.body).toMatchObject({ total: 0, items: [], returnsWithWarnings: 20 });

    expect((await manager.get(url('?pageSize=1000'))).status).toBe(400);
    expect((await manager.get(url('?sortBy=colour'))).status).toBe(400);
  });

  it('counts, per rule, the returns where it could not be evaluated, apart from those it flagged', async () => {
    const manager = await t.as('superAdmin');
    const summary = await manager.get(url('?pageSize=100'));
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.returnsWithWarnings).toBe(20);
    expect(summary.body.rules).toEqual([
      { id: 'r1', name: 'Rule r1', severity: 'warning', returns: 20, notChecked: 0, notCheckedReason: null },
      { id: 'r2', name: 'Rule r2', severity: 'warning', returns: 10, notChecked: 0, notCheckedReason: null },
      {
        id: 'r3',
        name: 'Rule r3',
        severity: 'warning',
        returns: 0,
        notChecked: 6,
        notCheckedReason: 'it takes more than 100,000 steps',
      },
    ]);
    // Not evaluated is not flagged: filtering by r3 finds no return with its warning.
    expect((await manager.get(url('?ruleId=r3'))).body.total).toBe(0);
    // The listed return where r3 could not be evaluated carries that finding for the page to show.
    const listed = summary.body.items.flatMap((i: { findings: { ruleId: string; notChecked?: string }[] }) =>
      i.findings.filter((f) => f.ruleId === 'r3'),
    );
    expect(listed).toEqual([expect.objectContaining({ notChecked: 'it takes more than 100,000 steps' })]);
  });
});
