import type { CurrentUser, SubmissionView, SubmitterReturn } from '@dcf/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../app/paths';
import {
  jsonResponse,
  makeUser,
  stubApi,
  submissionView,
  submitterReturn,
  users,
  worklistItem,
} from '../../test/fixtures';
import { findPageTitle, renderAtRoute } from '../../test/render';
import { ConfirmationPage } from './confirmation-page';

const PAGE = '/Collection/1/ReportingPeriod/3/Organisation/10/Submission';
const FORM = '/form/collection/1/organisation/10/reportingPeriod/3';

const nhsiUser = makeUser({ isManagementOrganisationUser: true, providerCode: 'X24' });

/** One of this user's returns: collection 1 at Trust A, the period named. */
const ownReturn = (periodId: number, name: string, status: SubmitterReturn['status']) =>
  submitterReturn({ period: { id: periodId, name }, status });

/** Submission `submissionId` waiting on a worklist, at an organisation of its own. */
const waiting = (submissionId: number, organisation: string) =>
  worklistItem({
    submissionId,
    organisation: { id: submissionId * 10, name: organisation, code: `R${submissionId}` },
  });

function renderOutcome(outcome: string, user: CurrentUser, view: SubmissionView, extra = {}) {
  const calls = stubApi({ [`GET ${PAGE}`]: () => jsonResponse(view), ...extra });
  renderAtRoute(routePatterns.formConfirmation, <ConfirmationPage />, {
    path: `${FORM}/confirmation/${outcome}`,
    user,
  });
  return calls;
}

const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Confirmation page', () => {
  it('confirms a submitted return in a panel, says what happens next and links to the next return', async () => {
    renderOutcome('submitted', users.submitter, submissionView({ status: 'completed' }), {
      'GET /View/Submitter/Returns': () =>
        jsonResponse({
          items: [
            ownReturn(3, 'October 2026', 'draft'),
            ownReturn(4, 'September 2026', 'completed'),
            ownReturn(5, 'November 2026', 'notStarted'),
          ],
          total: 3,
          collections: [],
        }),
    });
    const heading = await findPageTitle('Return submitted');
    const panel = heading.closest('.nhsuk-panel') as HTMLElement;
    expect(panel).toHaveTextContent('Monthly workforce return');
    expect(panel).toHaveTextContent('Trust A (RJ1), October 2026');
    expect(document.title).toBe('Return submitted - Data Collection Framework');
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByText(/The collection’s managers can now see it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the return' })).toHaveAttribute('href', FORM);
    // This return and the submitted one are left out: the next is November's, not started.
    const next = await screen.findByTestId('next-return');
    expect(next).toHaveTextContent('Monthly workforce return: November 2026 for Trust A');
    expect(next).toHaveAttribute('href', '/form/collection/1/organisation/10/reportingPeriod/5');
    expect(screen.getByRole('link', { name: 'See all your returns' })).toHaveAttribute(
      'href',
      '/collection/submit',
    );
    expect(crumbs()).toEqual(['Home', 'Submitter', 'Monthly workforce return', 'Confirmation']);
  });

  it('tells an authoriser that NHSI authorisation follows their sign-off, and offers the next on their sign-off list', async () => {
    renderOutcome(
      'authorised',
      users.submitter,
      submissionView({
        status: 'completed',
        isTrustAuthorisationRequired: true,
        isNhsiAuthorisationRequired: true,
      }),
      {
        'GET /View/Worklist/SignOff': () =>
          jsonResponse({ items: [waiting(5, 'Trust A'), waiting(6, 'Trust B')], total: 2 }),
      },
    );
    expect(await findPageTitle('Return authorised and submitted')).toBeInTheDocument();
    expect(screen.getByText(/NHSI \(the regulator\) will now check and authorise it/)).toBeInTheDocument();
    expect(await screen.findByTestId('next-return')).toHaveTextContent(
      'Monthly workforce return: October 2026 for Trust B',
    );
  });

  it('leads an NHSI user from and back to the NHSI worklist, and says when it is empty', async () => {
    renderOutcome(
      'nhsiAuthorised',
      nhsiUser,
      submissionView({ status: 'completed', nhsiAuthorisedBy: { id: 9, name: 'Nia Regulator' } }),
      {
        'GET /View/Worklist/NhsiAuthorisation': () =>
          jsonResponse({ items: [waiting(5, 'Trust A')], total: 1 }),
      },
    );
    expect(await findPageTitle('Return authorised for NHSI')).toBeInTheDocument();
    expect(await screen.findByText('You have no other return waiting.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the whole list' })).toHaveAttribute(
      'href',
      '/worklist/nhsiAuthorisation',
    );
    expect(crumbs()).toEqual([
      'Home',
      'Waiting for NHSI authorisation',
      'Monthly workforce return',
      'Confirmation',
    ]);
  });

  it("takes a manager who returned it back to the period's monitoring", async () => {
    renderOutcome(
      'returned',
      users.manager,
      submissionView({
        returned: { by: { id: 2, name: 'Mo Manager' }, at: '2026-11-10T10:00:00Z', reason: 'Too low' },
      }),
    );
    expect(await findPageTitle('Return sent back for correction')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the returns of October 2026' })).toHaveAttribute(
      'href',
      '/collection/manage/reportingPeriod/3',
    );
    expect(crumbs()).toEqual([
      'Home',
      'Collections you manage',
      'October 2026',
      'Monthly workforce return',
      'Confirmation',
    ]);
  });

  it('confirms a return sent for sign-off, with the way to the home page', async () => {
    renderOutcome(
      'sentForSignOff',
      users.submitter,
      submissionView({ sentForSignOff: { by: { id: 1, name: 'Chris Clerk' }, at: '2026-11-10T10:00:00Z' } }),
      { 'GET /View/Submitter/Returns': () => jsonResponse({ items: [], total: 0, collections: [] }) },
    );
    expect(await findPageTitle('Return sent for sign-off')).toBeInTheDocument();
    expect(screen.getByText(/We have emailed your organisation’s authorisers/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View the return' })).toHaveAttribute('href', FORM);
  });

  it('confirms a return sent back to the clerks, and offers the next on the sign-off list', async () => {
    renderOutcome(
      'sentBack',
      users.submitter,
      submissionView({
        sentBack: { by: { id: 4, name: 'Alex Authoriser' }, at: '2026-11-10T10:00:00Z', reason: 'Too low' },
      }),
      {
        'GET /View/Worklist/SignOff': () =>
          jsonResponse({ items: [waiting(5, 'Trust A'), waiting(6, 'Trust B')], total: 2 }),
      },
    );
    expect(await findPageTitle('Return sent back')).toBeInTheDocument();
    expect(screen.getByText(/They can see your reason on the return/)).toBeInTheDocument();
    expect(screen.getByText('Your reason: Too low')).toBeInTheDocument();
    expect(await screen.findByTestId('next-return')).toHaveTextContent(
      'Monthly workforce return: October 2026 for Trust B',
    );
  });

  it('does not confirm a sign-off or a send-back the return no longer shows', async () => {
    renderOutcome('sentForSignOff', users.submitter, submissionView({ sentForSignOff: null }));
    expect(await findPageTitle('This return has changed')).toBeInTheDocument();
    expect(screen.queryByText('Return sent for sign-off')).toBeNull();
  });

  it('does not confirm what is no longer true when the address is opened later', async () => {
    renderOutcome('submitted', users.submitter, submissionView({ status: 'draft' }));
    expect(await findPageTitle('This return has changed')).toBeInTheDocument();
    expect(screen.queryByText('Return submitted')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the return' })).toHaveAttribute('href', FORM);
  });

  it('knows no other outcome', async () => {
    renderOutcome('approved', users.submitter, submissionView());
    expect(await screen.findByText('This confirmation does not exist.')).toBeInTheDocument();
  });
});
