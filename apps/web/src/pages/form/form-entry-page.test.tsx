import type { CurrentUser, SubmissionView } from '@dcf/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
} from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { FormEntryPage } from './form-entry-page';

// Form.io builds forms asynchronously; on a loaded machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const definition = {
  display: 'form',
  components: [
    { type: 'number', key: 'headcount', label: 'Headcount', validate: { required: true }, input: true },
    { type: 'textarea', key: 'comments', label: 'Comments', input: true },
  ],
};

/** The shared draft view (test/fixtures), with this file's form. */
const makeView = (overrides: Partial<SubmissionView> = {}): SubmissionView =>
  submissionView({ form: { id: 2, definition }, ...overrides });

/** The page as somebody else's lock leaves it: read-only, said by its code. */
const lockedByBea = {
  isLocked: true,
  lockedBy: { id: 9, name: 'Bea Clerk' },
  lockedOn: '2026-11-10T09:15:00Z',
  lockExpiresAt: '2026-11-10T09:35:00Z',
  canEdit: false,
  canSubmit: false,
  readOnlyReason: 'Locked by Bea Clerk since 09:15',
  readOnlyCode: 'locked',
} satisfies Partial<SubmissionView>;

const PAGE = '/Collection/1/ReportingPeriod/3/Organisation/10/Submission';
const problem = (status: number, code: string, title: string, extra: object = {}) =>
  jsonResponse({ type: `urn:dcf:problem:${code}`, code, title, status, ...extra }, status);

/** The page's fake API: the collection and the feature flags may be asked for and are not found. */
const stubPageApi = (handlers: Record<string, () => Response>) =>
  stubApi(handlers, (key) =>
    key.startsWith('GET /Collection/1') || key === 'GET /FeatureFlag' ? jsonResponse({}, 404) : undefined,
  );

/** A summary list's rows as [question, answer]. */
const summaryRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

/** Whether closing the tab now would ask first (the unsaved-changes prompt). */
const closingAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

function renderPage(search = '', user: CurrentUser = users.submitter) {
  return renderAtRoute(routePatterns.form, <FormEntryPage />, {
    path: `/form/collection/1/organisation/10/reportingPeriod/3${search}`,
    user,
    others: [
      { path: routePatterns.formCheck, element: <p>The check page</p> },
      { path: routePatterns.formConfirmation, element: <p>The confirmation page</p> },
    ],
  });
}

describe('Form entry page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => sessionStorage.clear());

  it('takes the lock, saves a draft naming its base revision, and says so; the next save builds on it', async () => {
    let revision = 40;
    const calls = stubPageApi({
      ...openedForEditing(makeView()),
      'POST /Submission/5/SubmissionRevision': () => jsonResponse(savedRevision({ id: ++revision }), 201),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toHaveValue('12'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Successfully saved.')).toBeInTheDocument();
    const saves = () => calls.filter((c) => c.key === 'POST /Submission/5/SubmissionRevision');
    expect(saves()[0]?.body).toMatchObject({
      status: 'draft',
      baseRevisionId: 40,
      content: { headcount: 12 },
    });
    // The save answers only what changed (revision 41); the page keeps the form and builds on it.
    await userEvent.type(screen.getByLabelText('Comments'), 'One ward short');
    const button = screen.getByRole('button', { name: 'Save draft' });
    // The button rests for 3 s after a save.
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(button);
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]?.body).toMatchObject({ baseRevisionId: 41, content: { comments: 'One ward short' } });
    expect(screen.getByLabelText('Comments')).toBeEnabled();
  });

  it('shows the return read-only with the holder when someone else has the lock', async () => {
    stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(makeView()),
      [`POST ${PAGE}/Lock`]: () => problem(409, 'lock_held', 'Locked by Bea Clerk since 09:15'),
    });
    renderPage();
    expect(await screen.findByText('Locked by Bea Clerk since 09:15')).toBeInTheDocument();
    // A summary of the answers, as check your answers draws it: no greyed inputs, no Change links.
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(summaryRows(answers)).toEqual([
      ['Headcount', '12'],
      ['Comments', 'Not answered'],
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('knows a lock by its code, whatever the words: the notice says it once; another reason still shows', async () => {
    let view = makeView({ ...lockedByBea, readOnlyReason: 'Bea Clerk has this return open' });
    stubPageApi({ [`GET ${PAGE}`]: () => jsonResponse(view) });
    const { unmount } = renderPage();
    expect(await screen.findByText('Locked by Bea Clerk since 09:15')).toBeInTheDocument();
    expect(screen.queryByText('Bea Clerk has this return open')).toBeNull();
    unmount();

    // The same words with another code are not the lock's: both are said.
    view = makeView({ ...lockedByBea, readOnlyCode: 'period_closed' });
    renderPage();
    await waitFor(() => expect(screen.getAllByText('Locked by Bea Clerk since 09:15')).toHaveLength(2));
  });

  it("shows a manager the return as a summary, led back to the period's monitoring", async () => {
    const calls = stubPageApi({
      [`GET ${PAGE}`]: () =>
        jsonResponse(
          makeView({
            canEdit: false,
            canSubmit: false,
            readOnlyReason: 'You cannot edit this return',
            readOnlyCode: 'no_edit_role',
          }),
        ),
    });
    renderPage('', users.manager);
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(summaryRows(answers)[0]).toEqual(['Headcount', '12']);
    expect(screen.getByText('You cannot edit this return')).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Collections you manage' })).toHaveAttribute(
      'href',
      '/collection/manage',
    );
    expect(crumbs.getByRole('link', { name: 'October 2026' })).toHaveAttribute(
      'href',
      '/collection/manage/reportingPeriod/3',
    );
    expect(crumbs.queryByRole('link', { name: 'Submitter' })).toBeNull();
    // Nobody asked for the lock: the page knew it could not edit.
    expect(calls.some((c) => c.key.endsWith('/Lock'))).toBe(false);
  });

  it('lists 400 messages in the error summary and at the field; nothing is lost', async () => {
    stubPageApi({
      ...openedForEditing(makeView()),
      'POST /Submission/5/SubmissionRevision': () =>
        validationProblem({ headcount: ['Headcount is required'] }),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to save.')).toBeInTheDocument();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    // Focus moves to the summary (the NHS error pattern).
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Headcount is required' })).toHaveAttribute(
      'href',
      '#dcf-field-headcount',
    );
    await waitFor(() =>
      expect(document.querySelector('.dcf-form .nhsuk-error-message')).toHaveTextContent(
        'Headcount is required',
      ),
    );
  });

  it('on a stale save keeps the typing, offers to reload the latest version, then to restore it', async () => {
    // Someone else saves revision 45 (headcount 30) after this page opened revision 40.
    const latest = { content: '{"headcount":30}', currentRevisionId: 45 };
    let opened = false;
    stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(makeView(opened ? latest : {})),
      [`POST ${PAGE}/Lock`]: () => {
        const view = makeView({ isLocked: true, lockedByMe: true, ...(opened ? latest : {}) });
        opened = true;
        return jsonResponse(view);
      },
      'POST /Submission/5/SubmissionRevision': () =>
        problem(409, 'stale_revision', 'This return has been saved by someone else since you opened it'),
    });
    renderPage();
    // Read-only until the lock is taken, then editable.
    await waitFor(() => expect(screen.getByLabelText('Comments')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Comments'), 'My typing');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByRole('heading', {
        name: 'This return has been saved by someone else since you opened it',
      }),
    ).toBeInTheDocument();
    // The typing is kept in this tab until a save succeeds.
    expect(sessionStorage.getItem('dcf:form-backup:1:3:10')).toContain('My typing');

    await userEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toHaveValue('30'));
    await userEvent.click(await screen.findByRole('button', { name: 'Restore my changes' }));
    await waitFor(() => expect(screen.getByLabelText('Comments')).toHaveValue('My typing'));
  });

  it('a save refused for want of the lock turns the form into the summary, known by its code whatever its words', async () => {
    // Words the client has never seen: the page acts on the code 'lock_required', never on the title.
    const title = 'Your editing session ended before this save';
    stubPageApi({
      ...openedForEditing(makeView()),
      'POST /Submission/5/SubmissionRevision': () => problem(409, 'lock_required', title),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    // Locked out, the person reads the return as a summary (decision 0037): no greyed inputs.
    expect(await screen.findByRole('region', { name: 'Answers' })).toHaveTextContent('Headcount');
    expect(screen.queryByLabelText(/Headcount/)).toBeNull();
    expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('tells a clerk why they cannot submit', async () => {
    stubPageApi(openedForEditing(makeView(onlyAuthoriserSubmits)));
    renderPage();
    expect(await screen.findByText('Only an authoriser can submit this return')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('Submit saves the answers as a draft and goes to check your answers', async () => {
    const calls = stubPageApi({
      ...openedForEditing(makeView()),
      [`DELETE ${PAGE}/Lock`]: () => new Response(null, { status: 204 }),
      'POST /Submission/5/SubmissionRevision': () => jsonResponse(savedRevision(), 201),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Comments').tagName).toBe('TEXTAREA'));
    // Changed answers: the unsaved-changes prompt must not stop the way to the check page once saved.
    await userEvent.type(screen.getByLabelText('Comments'), 'Two wards short');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The check page')).toBeInTheDocument();
    const save = calls.find((c) => c.key === 'POST /Submission/5/SubmissionRevision');
    expect(save?.body).toMatchObject({
      status: 'draft',
      baseRevisionId: 40,
      content: { headcount: 12, comments: 'Two wards short' },
    });
  });

  it('opens at the question a Change link names (?field=)', async () => {
    stubPageApi(openedForEditing(makeView()));
    renderPage('?field=comments');
    await waitFor(() => expect(screen.getByLabelText('Comments')).toHaveFocus());
  });

  it('after ?field= focuses its question once, typing in another question stays there', async () => {
    stubPageApi(openedForEditing(makeView()));
    renderPage('?field=comments');
    await waitFor(() => expect(screen.getByLabelText('Comments')).toHaveFocus());
    const headcount = screen.getByRole('textbox', { name: /Headcount/ });
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '4321');
    expect(headcount).toHaveValue('4321');
    expect(headcount).toHaveFocus();
    expect(screen.getByLabelText('Comments')).toHaveValue('');
  });

  it("shows a warning once, beside its question, with last month's figure; never in the red summary; typing only its explanation is a change", async () => {
    const calls = stubPageApi({
      ...openedForEditing(makeView()),
      [`GET ${PAGE.replace('/Submission', '/DataQuality')}`]: () => jsonResponse(qualityContext()),
      'POST /Submission/5/SubmissionRevision': () => jsonResponse(savedRevision({ id: 41 }), 201),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/^Headcount/)).toBeEnabled());
    // Beside the question: the message, the figure, last month's value and the labelled explanation box.
    const note = await screen.findByTestId('finding-r1');
    expect(note.previousElementSibling).toHaveClass('formio-component-headcount');
    expect(within(note).getByText('Headcount changed a lot since last month')).toBeInTheDocument();
    expect(within(note).getByText(/Headcount: 12/)).toBeInTheDocument();
    expect(within(note).getByText(/Last submitted return \(September 2026\): 100/)).toBeInTheDocument();
    expect(screen.getAllByText(/^Check th(is figure|ese figures)$/)).toHaveLength(1);
    // A warning, not an error: no red summary, the box not in error, nothing said twice.
    const box = within(note).getByLabelText(/Explain why this figure is right/);
    expect(screen.queryByText('There is a problem')).toBeNull();
    expect(box).not.toHaveAccessibleDescription(/Error/);
    expect(screen.queryByRole('link', { name: /Enter an explanation/ })).toBeNull();
    expect(closingAsks()).toBe(false);

    await userEvent.type(box, 'Two wards closed');
    await waitFor(() => expect(closingAsks()).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Successfully saved.')).toBeInTheDocument();
    const save = calls.find((c) => c.key === 'POST /Submission/5/SubmissionRevision');
    expect(save?.body).toMatchObject({ explanations: { r1: 'Two wards closed' } });
    await waitFor(() => expect(closingAsks()).toBe(false));
  });

  it('flags a new warning at a save, never while the figure is typed; one corrected goes at once', async () => {
    stubPageApi({
      ...openedForEditing(makeView({ content: JSON.stringify({ headcount: 100 }) })),
      [`GET ${PAGE.replace('/Submission', '/DataQuality')}`]: () => jsonResponse(qualityContext()),
      'POST /Submission/5/SubmissionRevision': () =>
        jsonResponse(savedRevision({ id: 41, content: '{"headcount":12}' }), 201),
    });
    renderPage();
    const headcount = await screen.findByLabelText(/^Headcount/);
    await waitFor(() => expect(headcount).toBeEnabled());
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('finding-r1')).toBeInTheDocument();
    // Corrected, it goes as the figure is typed (the rules run on every change)...
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '100');
    await waitFor(() => expect(screen.queryByTestId('finding-r1')).toBeNull());
    // ...and the same figure typed again is not flagged until the next save.
    await userEvent.clear(headcount);
    await userEvent.type(headcount, '12');
    expect(screen.queryByTestId('finding-r1')).toBeNull();
    // The button rests for 3 s after a save ('Successfully saved.') before it saves again.
    const saveDraft = screen.getByRole('button', { name: 'Save draft' });
    await waitFor(() => expect(saveDraft).not.toHaveAttribute('aria-disabled'), { timeout: 5000 });
    await userEvent.click(saveDraft);
    expect(await screen.findByTestId('finding-r1')).toBeInTheDocument();
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('an explanation saved before is not a change until it is edited', async () => {
    stubPageApi({
      ...openedForEditing(makeView()),
      [`GET ${PAGE.replace('/Submission', '/DataQuality')}`]: () =>
        jsonResponse(qualityContext('Wards closed')),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/^Headcount/)).toBeEnabled());
    const box = await screen.findByLabelText(/Explain why this figure is right/);
    await waitFor(() => expect(box).toHaveValue('Wards closed'));
    expect(closingAsks()).toBe(false);
    await userEvent.type(box, ' in October');
    await waitFor(() => expect(closingAsks()).toBe(true));
  });

  it("carries the page's token on every lock request, and releases with it on leaving", async () => {
    const calls = stubPageApi({
      ...openedForEditing(makeView()),
      [`DELETE ${PAGE}/Lock`]: () => new Response(null, { status: 204 }),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    const token = (
      calls.find((c) => c.key === `POST ${PAGE}/Lock`)?.body as { pageToken?: string } | undefined
    )?.pageToken;
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(calls.some((c) => c.key === `DELETE ${PAGE}/Lock`)).toBe(true));
    expect(calls.find((c) => c.key === `DELETE ${PAGE}/Lock`)?.url.searchParams.get('pageToken')).toBe(token);
  });

  it('coming back to the page reads it again: a lock released meanwhile is taken, the notice goes', async () => {
    let released = false;
    const lockedView = makeView(lockedByBea);
    const calls = stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(released ? makeView() : lockedView),
      [`POST ${PAGE}/Lock`]: () =>
        released
          ? jsonResponse(makeView({ isLocked: true, lockedByMe: true }))
          : problem(409, 'lock_held', 'Locked by Bea Clerk since 09:15'),
    });
    renderPage();
    expect(await screen.findByText('Locked by Bea Clerk since 09:15')).toBeInTheDocument();
    // Who can release it, and until when it holds.
    expect(
      screen.getByText(/An authoriser of Trust A or a manager of this collection can release it/),
    ).toBeInTheDocument();
    expect(screen.getByText(/or at (.* at )?09:35 if they stop working on it/)).toBeInTheDocument();
    // Locked out, the return reads as a summary (decision 0037): no greyed inputs.
    expect(await screen.findByRole('region', { name: 'Answers' })).toHaveTextContent('Headcount');
    expect(screen.queryByLabelText(/Headcount/)).toBeNull();

    released = true;
    // Reads are throttled to one a second: the page was read a moment ago.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    expect(screen.queryByText('Locked by Bea Clerk since 09:15')).toBeNull();
    expect(calls.filter((c) => c.key === `GET ${PAGE}`).length).toBeGreaterThanOrEqual(2);
  });

  it('releasing the lock says so in a notice that stays, and the page takes the lock', async () => {
    let released = false;
    const lockedView = makeView({ ...lockedByBea, canReleaseLock: true });
    const calls = stubPageApi({
      [`GET ${PAGE}`]: () => jsonResponse(released ? makeView() : lockedView),
      [`DELETE ${PAGE}/Lock`]: () => {
        released = true;
        return new Response(null, { status: 204 });
      },
      [`POST ${PAGE}/Lock`]: () => jsonResponse(makeView({ isLocked: true, lockedByMe: true })),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Release lock' }));
    // A notice that stays takes focus, so it is read out wherever the button was.
    const notice = await screen.findByText('The lock has been released.');
    expect(notice.closest('.dcf-notification')).toHaveFocus();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    expect(calls.some((c) => c.key === `POST ${PAGE}/Lock`)).toBe(true);
    expect(screen.queryByText('Locked by Bea Clerk since 09:15')).toBeNull();
  });

  it('a clerk sends the return for sign-off: what is missing is listed first; once sent, the page confirms it', async () => {
    let attempts = 0;
    const clerkView = { canSubmit: false, canSendForSignOff: true, isTrustAuthorisationRequired: true };
    const calls = stubPageApi({
      ...openedForEditing(makeView(clerkView)),
      [`DELETE ${PAGE}/Lock`]: () => new Response(null, { status: 204 }),
      'POST /Submission/5/SubmissionRevision': () =>
        ++attempts === 1
          ? validationProblem({ headcount: ['Enter headcount'] })
          : jsonResponse(
              savedRevision({
                sentForSignOff: { by: { id: 1, name: 'Alex Smith' }, at: '2026-11-10T10:00:00Z' },
              }),
              201,
            ),
    });
    renderPage();
    await waitFor(() => expect(screen.getByLabelText(/Headcount/)).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send for sign-off' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter headcount' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /Submission/5/SubmissionRevision')?.body).toMatchObject({
      status: 'draft',
      sendForSignOff: true,
    });
    const button = screen.getByRole('button', { name: 'Send for sign-off' });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(button);
    expect(await screen.findByText('The confirmation page')).toBeInTheDocument();
  });

  it("ticks 'This page is complete' only when the page's questions pass the submit's checks", async () => {
    const wizard = {
      display: 'wizard',
      components: [
        {
          type: 'panel',
          key: 'staffing',
          title: 'Staffing',
          components: [
            {
              type: 'number',
              key: 'headcount',
              label: 'Headcount',
              validate: { required: true },
              input: true,
            },
            {
              type: 'number',
              key: 'vacancies',
              label: 'Vacancies',
              validate: { required: true },
              input: true,
            },
          ],
        },
        {
          type: 'panel',
          key: 'other',
          title: 'Other',
          components: [{ type: 'textarea', key: 'comments', label: 'Comments', input: true }],
        },
      ],
    };
    const view = { form: { id: 2, definition: wizard } };
    stubPageApi(openedForEditing(makeView(view)));
    renderPage();
    const tick = await screen.findByRole('checkbox', { name: /This page is complete/ });
    await waitFor(() => expect(tick).toBeEnabled());
    await userEvent.click(tick);
    expect(
      await screen.findByText(/Answer the questions on this page correctly before marking it complete/),
    ).toBeInTheDocument();
    expect(tick).not.toBeChecked();
    expect(screen.getByRole('link', { name: /vacancies/i })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Vacancies/), '3');
    await userEvent.click(tick);
    await waitFor(() => expect(tick).toBeChecked());
  });
});
