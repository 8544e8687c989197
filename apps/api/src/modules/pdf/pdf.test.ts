import { describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../../test/harness';
import { pdfText } from '../../../test/support/pdf-text';
import { newPeriod, pageFor, startDraft, submit } from '../../../test/support/submission-fixtures';

const t = useTestApp();

/** The raw bytes (the harness client reads bodies as text). */
async function getPdf(persona: Parameters<TestApp['as']>[0], url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { cookie: [...(await t.as(persona)).cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { status: res.statusCode, headers: res.headers, pdf: res.rawPayload };
}

describe('GET /Submission/{id}/Pdf', () => {
  it('prints the collection, organisation, period, status, who and when, then every question and answer in form order', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const clerk = await t.as('clerkA');
    const view = await startDraft(clerk, page, {
      headcount: 120,
      vacancies: 4,
      covidRelated: 'yes',
      comments: 'Two wards short',
    });

    const res = await getPdf('clerkA', `/v1/api/Submission/${view.submissionId}/Pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="Monthly workforce return RJ1 Test \d+\.pdf"$/,
    );
    expect(res.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.pdf);

    const period = await t.database.db
      .selectFrom('reportingPeriod')
      .select('name')
      .where('id', '=', periodId)
      .executeTakeFirstOrThrow();
    const clerkName = (
      await t.database.db
        .selectFrom('appUser')
        .select('name')
        .where('email', 'like', '%clerk%')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).name;
    const expectedInOrder = [
      'Monthly workforce return',
      'Organisation:',
      '(RJ1)',
      'Reporting period:',
      period.name,
      'Status:',
      'Draft',
      'Saved by:',
      clerkName as string,
      'Staffing',
      'Headcount',
      '120',
      'Vacancies',
      '4',
      'Agency shifts filled',
      'Not answered',
      'Sickness absence',
      'Working days lost to sickness',
      'Not answered',
      'Were any absences COVID-19 related?',
      'Yes',
      'Comments',
      'Two wards short',
    ];
    let from = 0;
    for (const expected of expectedInOrder) {
      const at = text.indexOf(expected, from);
      expect(at, `"${expected}" after position ${from} in:\n${text}`).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
  });

  it('prints an earlier revision on request, marks the official one, and hides other organisations (404)', async () => {
    const periodId = await newPeriod(t);
    const page = await pageFor(t, periodId);
    const authoriser = await t.as('authoriserA');
    const first = await startDraft(authoriser, page, { headcount: 7 });
    const second = await submit(authoriser, first.submissionId, {
      content: { headcount: 8, vacancies: 1, sicknessDays: 2, covidRelated: 'no' },
      baseRevisionId: first.currentRevisionId,
    });
    expect(second.status).toBe(201);

    const latest = await getPdf('manager', `/v1/api/Submission/${first.submissionId}/Pdf`);
    expect(latest.status).toBe(200);
    expect(pdfText(latest.pdf)).toContain('Completed (the official return)');
    expect(pdfText(latest.pdf)).toContain('Submitted by:');
    // The declaration the submitter confirmed, with who and when.
    expect(pdfText(latest.pdf)).toMatch(
      /Declaration: \n"I confirm that the information in this return is correct and complete", confirmed by Alex Authoriser\s+on \d/,
    );

    const earlier = await getPdf(
      'clerkA',
      `/v1/api/Submission/${first.submissionId}/Pdf?revisionId=${first.currentRevisionId}`,
    );
    expect(earlier.status).toBe(200);
    const text = pdfText(earlier.pdf);
    expect(text).toContain('Draft');
    expect(text).toMatch(/Headcount\n7\n/);

    expect((await getPdf('clerkB', `/v1/api/Submission/${first.submissionId}/Pdf`)).status).toBe(404);
    // Nor does the NHSI user see a return that does not need NHSI authorisation (decision 0022).
    expect((await getPdf('nhsi', `/v1/api/Submission/${first.submissionId}/Pdf`)).status).toBe(404);
    // A revision of another submission is not this submission's.
    const otherPeriod = await newPeriod(t);
    const other = await startDraft(authoriser, await pageFor(t, otherPeriod), { headcount: 1 });
    expect(
      (
        await getPdf(
          'clerkA',
          `/v1/api/Submission/${first.submissionId}/Pdf?revisionId=${other.currentRevisionId}`,
        )
      ).status,
    ).toBe(404);
    expect((await t.anonymous().get(`/v1/api/Submission/${first.submissionId}/Pdf`)).status).toBe(401);
  });
});
