import type { SubmissionView } from '@dcf/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '../../app/paths';
import {
  jsonResponse,
  onlyAuthoriserSubmits,
  openedForEditing,
  qualityContext,
  savedRevision,
  stubApi,
  submissionView,
  users,
  validationProblem,
  yesNoRadio,
} from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { CheckAnswersPage } from './check-answers-page';

const definition = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      components: [
        { type: 'number', key: 'headcount', label: 'Headcount', input: true },
        yesNoRadio('covid', 'Any COVID-19 absences?'),
      ],
    },
    {
      type: 'panel',
      key: 'wardsPage',
      title: 'Wards',
      components: [
        {
          type: 'datagrid',
          key: 'wards',
          label: 'Wards',
          input: true,
          components: [
            { type: 'textfield', key: 'name', label: 'Ward name', input: true },
            { type: 'number', key: 'beds', label: 'Beds open', input: true },
          ],
        },
        { type: 'textarea', key: 'comments', label: 'Comments', input: true },
      ],
    },
  ],
};

/** The shared draft view (test/fixtures), with this file's form, answers and a page ticked complete. */
const makeView = (overrides: Partial<SubmissionView> = {}): SubmissionView =>
  submissionView({
    content: JSON.stringify({ headcount: 12, covid: 'no', wards: [{ name: 'Ash', beds: 20 }] }),
    completedPages: ['staffing'],
    form: { id: 2, definition },
    ...overrides,
  });

const PAGE = '/Collection/1/ReportingPeriod/3/Organisation/10/Submission';
const FORM = '/form/collection/1/organisation/10/reportingPeriod/3';

/** The page's fake API: releasing the lock on leaving is always answered. */
const stubPageApi = (handlers: Record<string, () => Response>) =>
  stubApi(handlers, (key) =>
    key === `DELETE ${PAGE}/Lock` ? new Response(null, { status: 204 }) : undefined,
  );

const DECLARATION = 'I confirm that the information in this return is correct and complete';

/** Ticks the declaration, once it shows, and presses Submit return. */
async function declareAndSubmit() {
  await userEvent.click(await screen.findByRole('checkbox', { name: DECLARATION }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit return' }));
}

/** Stands in for the confirmation page: says which outcome it was sent. */
function Outcome() {
  return <p>Confirmation: {useParams().outcome}</p>;
}

function renderPage() {
  return renderAtRoute(routePatterns.formCheck, <CheckAnswersPage />, {
    path: `${FORM}/check`,
    user: users.submitter,
    others: [
      { path: routePatterns.form, element: <p>The form page</p> },
      { path: routePatterns.formConfirmation, element: <Outcome /> },
    ],
  });
}

describe('Check your answers', () => {
  it('lists every answer in form order under its page, with Change links to the question', async () => {
    stubPageApi({ [`GET ${PAGE}`]: () => jsonResponse(makeView()) });
    renderPage();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Check your answers before submitting your return',
      }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Staffing' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Staffing',
      'Wards',
      'Declaration',
    ]);
    const rows = screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Headcount', '12'],
      ['Any COVID-19 absences?', 'No'],
      ['Comments', 'Not answered'],
    ]);
    const table = screen.getByRole('table', { name: 'Wards' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ward name', 'Beds open']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ward name Ash', 'Beds open 20']);
    expect(screen.getByRole('link', { name: /^Change ?Headcount$/ })).toHaveAttribute(
      'href',
      `${FORM}?field=headcount`,
    );
    expect(screen.getByRole('link', { name: /^Change ?Wards$/ })).toHaveAttribute(
      'href',
      `${FORM}?field=wards`,
    );
  });

  it('refuses to submit until the declaration is ticked, then submits the saved revision with it', async () => {
    const calls = stubPageApi({
      ...openedForEditing(makeView()),
      'POST /Submission/5/SubmissionRevision': () =>
        jsonResponse(savedRevision({ status: 'completed' }), 201),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit return' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    const message = 'Confirm that the information in this return is correct and complete';
    await userEvent.click(within(summary).getByRole('link', { name: message }));
    const box = screen.getByRole('checkbox', { name: DECLARATION });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(`Error: ${message}`);
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Submit return' }));
    // No trust authorisation asked: the confirmation page says the return was submitted.
    expect(await screen.findByText('Confirmation: submitted')).toBeInTheDocument();
    const submit = calls.find((c) => c.key === 'POST /Submission/5/SubmissionRevision');
    expect(submit?.body).toEqual({
      content: { headcount: 12, covid: 'no', wards: [{ name: 'Ash', beds: 20 }] },
      status: 'completed',
      baseRevisionId: 40,
      completedPages: ['staffing'],
      declaration: true,
    });
    // The lock is taken for the submit and let go after it.
    expect(calls.map((c) => c.key).filter((k) => k.includes('Lock') || k.includes('Revision'))).toEqual([
      `POST ${PAGE}/Lock`,
      'POST /Submission/5/SubmissionRevision',
      `DELETE ${PAGE}/Lock`,
    ]);
    // The save answers only what changed: the confirmation opens on the view read again after the submit.
    const keys = calls.map((c) => c.key);
    expect(keys.lastIndexOf(`GET ${PAGE}`)).toBeGreaterThan(
      keys.indexOf('POST /Submission/5/SubmissionRevision'),
    );
  });

  it("confirms an authoriser's submit as their sign-off where trust authorisation is required", async () => {
    stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(makeView({ isTrustAuthorisationRequired: true })),
      [`POST ${PAGE}/Lock`]: () => jsonResponse(makeView({ isLocked: true, lockedByMe: true })),
      'POST /Submission/5/SubmissionRevision': () =>
        jsonResponse(savedRevision({ status: 'completed' }), 201),
    });
    renderPage();
    await declareAndSubmit();
    expect(await screen.findByText('Confirmation: authorised')).toBeInTheDocument();
  });

  it("shows the server's field messages with links back to the questions", async () => {
    stubPageApi({
      ...openedForEditing(makeView()),
      'POST /Submission/5/SubmissionRevision': () =>
        validationProblem({ comments: ['Enter comments'], 'wards[0].beds': ['Beds open must be 0 or more'] }),
    });
    renderPage();
    await declareAndSubmit();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter comments' })).toHaveAttribute(
      'href',
      `${FORM}?field=comments`,
    );
    expect(within(summary).getByRole('link', { name: 'Beds open must be 0 or more' })).toHaveAttribute(
      'href',
      `${FORM}?field=wards%5B0%5D.beds`,
    );
  });

  it("asks for a warning's explanation as an error only once a submit lacks it", async () => {
    stubPageApi({
      ...openedForEditing(makeView()),
      [`GET ${PAGE.replace('/Submission', '/DataQuality')}`]: () => jsonResponse(qualityContext()),
      'POST /Submission/5/SubmissionRevision': () =>
        validationProblem({ 'explanations.r1': ['Enter an explanation for "Headcount change"'] }),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: /Check these figures/ });
    const box = await within(region).findByLabelText(/Explain why this figure is right/);
    expect(box).not.toHaveAccessibleDescription(/Error/);
    expect(screen.queryByText('There is a problem')).toBeNull();
    await declareAndSubmit();
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Enter an explanation for "Headcount change"' }),
    ).toHaveAttribute('href', expect.stringMatching(/#dcf-explanation-r1$/));
    expect(box).toHaveAccessibleDescription('Error: Enter an explanation for "Headcount change"');
    // Typed, the box is no longer in error.
    await userEvent.type(box, 'Two wards closed');
    expect(box).not.toHaveAccessibleDescription(/Error/);
  });

  it('tells a clerk why they cannot submit, with no declaration or Submit return', async () => {
    stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(makeView(onlyAuthoriserSubmits)),
    });
    renderPage();
    expect(await screen.findByText('Only an authoriser can submit this return')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit return' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
