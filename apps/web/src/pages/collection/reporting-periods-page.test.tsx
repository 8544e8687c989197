import { messages, type ReportingPeriodDto } from '@dcf/domain';
import type { FormVersion } from '@dcf/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../app/current-user-context';
import { routePatterns } from '../../app/paths';
import { jsonResponse, users } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { ReportingPeriodsPage } from './reporting-periods-page';

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

const period = (overrides: Partial<ReportingPeriodDto> = {}): ReportingPeriodDto => ({
  id: 7,
  collectionId: 1,
  name: 'March 2026',
  start: '2026-03-01',
  end: '2026-03-31',
  formId: 11,
  // 00:00 and 17:30 London in British Summer Time (UTC+1).
  submissionsOpen: '2026-03-31T23:00:00.000Z',
  submissionsClose: '2026-04-08T16:30:00.000Z',
  submissionsReopen: null,
  submissionsReclose: null,
  ifSubmissionReopens: false,
  reportingPeriodStatus: 'Closed',
  hasSubmissions: false,
  ...overrides,
});
const april = period({
  id: 8,
  name: 'April 2026',
  start: '2026-04-01',
  end: '2026-04-30',
  submissionsOpen: '2026-04-30T23:00:00.000Z',
  submissionsClose: '2026-05-08T23:00:00.000Z',
  reportingPeriodStatus: 'Future',
});
const form = (id: number, version: number): FormVersion => ({
  id,
  collectionId: 1,
  version,
  definition: {},
  excelTemplateFileName: null,
  excelTemplateFileSize: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  hasSubmissions: false,
});

function stubApi(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.endsWith('/Collection/1/ReportingPeriod')) return jsonResponse([period(), april]);
    if (url.endsWith('/Collection/1/ReportingPeriod/7')) return jsonResponse(period());
    if (url.endsWith('/Collection/1/Form')) return jsonResponse([form(11, 1), form(12, 2)]);
    return jsonResponse({ title: 'Not found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url.endsWith(suffix));
const bodyOf = (call: [string, RequestInit?] | undefined) =>
  JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;

const renderAt = (path: string, user = users.manager) =>
  renderRoutes(
    [
      { path: routePatterns.reportingPeriods, element: <Page user={user} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  );
function Page({ user }: { user: typeof users.manager }) {
  return (
    <CurrentUserContext value={user}>
      <ReportingPeriodsPage />
    </CurrentUserContext>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('reporting periods page', () => {
  it('lists the periods in the order the API sorts them (by start), with status tags and form versions', async () => {
    stubApi();
    renderAt('/collection/1/reportingPeriod');
    const table = await screen.findByRole('table', { name: 'Reporting periods' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'March 2026',
      'April 2026',
    ]);
    expect(within(rows[0]!).getByText('Closed')).toHaveClass('nhsuk-tag--grey');
    expect(within(rows[1]!).getByText('Future')).toHaveClass('nhsuk-tag--blue');
    expect(within(rows[0]!).getByText('8 Apr 2026, 17:30')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('End of Fri 8 May 2026')).toBeInTheDocument();
    await waitFor(() => expect(within(rows[0]!).getByText('Version 1')).toBeInTheDocument());
    expect(within(rows[0]!).getByRole('link', { name: 'March 2026' })).toHaveAttribute(
      'href',
      '/collection/1/reportingPeriod/7',
    );
    expect(screen.getByRole('link', { name: 'Add a reporting period' })).toHaveAttribute(
      'href',
      '/collection/1/reportingPeriod/new',
    );
  });

  it('offers no changes to a submitter', async () => {
    stubApi();
    renderAt('/collection/1/reportingPeriod', users.submitter);
    await screen.findByRole('table', { name: 'Reporting periods' });
    expect(screen.queryByRole('link', { name: 'Add a reporting period' })).not.toBeInTheDocument();
  });

  it('shows a submitter one period read only', async () => {
    stubApi();
    renderAt('/collection/1/reportingPeriod/7', users.submitter);
    expect(await screen.findByText('Deadline')).toBeInTheDocument();
    expect(screen.getByText('8 Apr 2026, 17:30')).toBeInTheDocument();
    expect(screen.getByText('01/03/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("shows every engine message inline and in 'There is a problem' before calling the API", async () => {
    const fetchMock = stubApi();
    renderAt('/collection/1/reportingPeriod/new');
    await screen.findByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(messages.errorSummaryHeading)).toBeInTheDocument();
    expect(within(summary).getAllByRole('link', { name: messages.required })).toHaveLength(5);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    type('Name', 'Backwards');
    type('Start date', '2026-05-01');
    type('End date', '2026-04-30');
    type('Submissions open date', '2026-04-01');
    type('Submissions close date', '2026-03-01');
    type('Submissions close time', '25:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: messages.periodEndBeforeStart })).toHaveAttribute(
        'href',
        '#period-end',
      ),
    );
    expect(screen.getByRole('link', { name: messages.periodOpenBeforeStart })).toHaveAttribute(
      'href',
      '#period-submissionsOpen',
    );
    expect(screen.getByRole('link', { name: messages.invalidTime })).toHaveAttribute(
      'href',
      '#period-closeTime',
    );
    expect(screen.getAllByText(messages.periodEndBeforeStart)).toHaveLength(2);

    type('Submissions close time', '17:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: messages.periodCloseBeforeStart })).toBeInTheDocument(),
    );

    // The same start and end as March 2026: a duplicate.
    type('Start date', '2026-03-01');
    type('End date', '2026-03-31');
    type('Submissions open date', '2026-04-01');
    type('Submissions close date', '2026-04-08');
    fireEvent.click(screen.getByLabelText('Submissions reopen after they close'));
    type('Submissions reopen date', '2026-04-08');
    type('Submissions reopen time', '09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: messages.periodDuplicate })).toHaveAttribute(
        'href',
        '#period-start',
      ),
    );
    expect(screen.getByRole('link', { name: messages.periodReopenNotAfterClose })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.reopenRequired })).toHaveAttribute(
      'href',
      '#period-submissionsReclose',
    );
    expect(calls(fetchMock, 'POST', '/Collection/1/ReportingPeriod')).toHaveLength(0);
  });

  it('adds a period with POST (London wall-clock times, no formId) and returns to the list', async () => {
    const fetchMock = stubApi((_url, init) =>
      init?.method === 'POST' ? jsonResponse(period({ id: 9, name: 'May 2026' }), 201) : undefined,
    );
    const { router } = renderAt('/collection/1/reportingPeriod/new');
    await screen.findByLabelText('Name');
    expect(screen.queryByLabelText('Form version')).not.toBeInTheDocument();
    type('Name', 'May 2026');
    type('Start date', '2026-05-01');
    type('End date', '2026-05-31');
    type('Submissions open date', '2026-06-01');
    type('Submissions close date', '2026-06-08');
    type('Submissions close time', '17:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/1/reportingPeriod'));
    expect(bodyOf(calls(fetchMock, 'POST', '/Collection/1/ReportingPeriod')[0])).toEqual({
      name: 'May 2026',
      start: '2026-05-01',
      end: '2026-05-31',
      submissionsOpen: '2026-06-01',
      openTime: '00:00',
      submissionsClose: '2026-06-08',
      closeTime: '17:30',
      ifSubmissionReopens: false,
      submissionsReopen: null,
      submissionsReclose: null,
    });
  });

  it('edits a period: London values shown, form version chosen, PUT with formId, 400 messages at their fields', async () => {
    let attempt = 0;
    const fetchMock = stubApi((_url, init) => {
      if (init?.method !== 'PUT') return undefined;
      attempt += 1;
      return attempt === 1
        ? jsonResponse(
            {
              status: 400,
              code: 'validation_failed',
              errors: { formId: ['Choose a form version of this collection'] },
            },
            400,
          )
        : jsonResponse(period({ formId: 12 }));
    });
    const { router } = renderAt('/collection/1/reportingPeriod/7/true');
    await screen.findByDisplayValue('March 2026');
    expect(screen.getByLabelText('Submissions open date')).toHaveValue('2026-04-01');
    expect(screen.getByLabelText('Submissions close time')).toHaveValue('17:30');
    expect(screen.getByText('Closed')).toHaveClass('nhsuk-tag');
    await waitFor(() => expect(screen.getByLabelText('Form version')).toHaveValue('11'));
    fireEvent.change(screen.getByLabelText('Form version'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Choose a form version of this collection' })).toHaveAttribute(
        'href',
        '#period-formId',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/1/reportingPeriod'));
    const puts = calls(fetchMock, 'PUT', '/Collection/1/ReportingPeriod/7');
    expect(bodyOf(puts[1])).toMatchObject({ name: 'March 2026', formId: 12, closeTime: '17:30' });
  });

  it('deletes after confirming; a period with submissions cannot be deleted or moved', async () => {
    const fetchMock = stubApi((_url, init) =>
      init?.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { router } = renderAt('/collection/1/reportingPeriod/7');
    await screen.findByDisplayValue('March 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete reporting period' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/1/reportingPeriod'));
    expect(calls(fetchMock, 'DELETE', '/Collection/1/ReportingPeriod/7')).toHaveLength(1);
  });

  it('keeps a period with submissions in place: start and end fixed, no Delete', async () => {
    stubApi((url) =>
      url.endsWith('/ReportingPeriod/7') ? jsonResponse(period({ hasSubmissions: true })) : undefined,
    );
    renderAt('/collection/1/reportingPeriod/7');
    await screen.findByDisplayValue('March 2026');
    expect(screen.getByLabelText('Start date')).toBeDisabled();
    expect(screen.getByLabelText('End date')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText(/This period has submissions/)).toBeInTheDocument();
  });
});
