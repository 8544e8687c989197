import { messages, type PeriodDiffDto, type ReportingPeriodDto } from '@dcf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../app/paths';
import { dateShown, fillDate } from '../../test/dates';
import { jsonResponse, stubFetch, users } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { AmendCollectionPage } from '../collection/amend-collection-page';

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function stubApi(handler: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.endsWith('/v1/api/Schedule')) return jsonResponse([]);
    return undefined;
  });
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && url.endsWith(suffix));

const renderAmend = (path: string) =>
  renderAtRoute(routePatterns.amendCollection, <AmendCollectionPage />, { path: path, user: users.manager });

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fireEvent.change(screen.getByLabelText(/Reporting cycle/), { target: { value: 'monthly' } });
  fillDate(/First reporting period start/, '2026-04-01');
  fillDate(/Last reporting period start/, '2026-06-01');
  type(/Days open/, '5');
  fireEvent.click(screen.getByLabelText(/Count working days only/));
}

const existing = (overrides: Partial<ReportingPeriodDto> = {}): ReportingPeriodDto => ({
  id: 7,
  collectionId: 1,
  name: 'March 2026',
  start: '2026-03-01',
  end: '2026-03-31',
  formId: null,
  submissionsOpen: '2026-04-01T00:00:00.000Z',
  submissionsClose: '2026-04-08T00:00:00.000Z',
  submissionsReopen: null,
  submissionsReclose: null,
  ifSubmissionReopens: false,
  reportingPeriodStatus: 'Closed',
  hasSubmissions: true,
  ...overrides,
});
const generated = (month: string, name: string) => ({
  name,
  start: `2026-${month}-01`,
  end: `2026-${month}-28`,
  submissionsOpen: `2026-${month}-28T23:00:00.000Z`,
  submissionsClose: `2026-${month}-30T23:00:00.000Z`,
  submissionsReopen: null,
  submissionsReclose: null,
  ifSubmissionReopens: false,
});
const diff: PeriodDiffDto = {
  added: [generated('04', 'April 2026'), generated('05', 'May 2026')],
  changed: [],
  removed: [existing({ id: 8, name: 'February 2026', start: '2026-02-01', hasSubmissions: false })],
  unchanged: [],
  conflicts: [{ existing: existing(), overlapping: [], reason: 'Has submissions' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('schedule editor (amend tab "schedule")', () => {
  it("shows the specification's messages inline and in 'There is a problem', without calling the API", async () => {
    const fetchMock = stubApi();
    renderAmend('/collection/amend/1/schedule');
    await screen.findByLabelText(/Days open/);
    type(/Days open/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(messages.errorSummaryHeading)).toBeInTheDocument();
    expect(within(summary).getAllByRole('link', { name: messages.required })).toHaveLength(3);
    expect(within(summary).getByRole('link', { name: messages.minimumOne })).toHaveAttribute(
      'href',
      '#schedule-daysOpen',
    );
    // Inline at the field as well as in the summary.
    expect(screen.getByLabelText(/Days open/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(messages.minimumOne)).toHaveLength(2);

    // The reopening pair: one without the other names the missing one.
    fillValid();
    type(/Reopen after/, '3');
    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: messages.reopenRequired })).toHaveAttribute(
        'href',
        '#schedule-stayReopenForDays',
      ),
    );
    expect(screen.getAllByText(messages.reopenRequired)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: messages.minimumOne })).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/ReportingPeriod/Diff')).toHaveLength(0);
  });

  it("moves focus to 'There is a problem' after every failed check, even with as many messages as before", async () => {
    stubApi();
    renderAmend('/collection/amend/1/schedule');
    await screen.findByLabelText(/Days open/);
    type(/Days open/, '0');
    const previewButton = screen.getByRole('button', { name: 'Preview changes' });
    fireEvent.click(previewButton);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());

    // Back at the button, the same problems again: the summary takes focus again, so they are heard.
    previewButton.focus();
    fireEvent.click(previewButton);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it("shows the API's field messages from a 400", async () => {
    stubApi((url, init) =>
      init?.method === 'POST' && url.endsWith('/Collection/1/Schedule')
        ? jsonResponse(
            {
              status: 400,
              code: 'validation_failed',
              errors: { lastReportingPeriodStart: [messages.yearTooLate] },
            },
            400,
          )
        : undefined,
    );
    renderAmend('/collection/amend/1/schedule');
    await screen.findByLabelText(/Days open/);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: messages.yearTooLate })).toHaveAttribute(
      'href',
      '#schedule-lastReportingPeriodStart',
    );
  });

  it('previews the diff (counts, table, conflicts explained) and applies it with PUT Bulk', async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.endsWith('/ReportingPeriod/Diff')) return jsonResponse(diff);
      if (url.endsWith('/ReportingPeriod/Bulk') && init?.method === 'PUT')
        return jsonResponse({
          counts: { added: 2, changed: 0, removed: 1, unchanged: 0, kept: 1 },
          periods: [],
        });
      return undefined;
    });
    renderAmend('/collection/amend/1/schedule');
    await screen.findByLabelText(/Days open/);
    fillValid();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    await screen.findByRole('heading', { name: 'Preview of changes' });
    expect(screen.getByTestId('diff-count-added')).toHaveTextContent('2');
    expect(screen.getByTestId('diff-count-removed')).toHaveTextContent('1');
    expect(screen.getByTestId('diff-count-conflicts')).toHaveTextContent('1');
    const conflictRow = screen.getByRole('cell', { name: 'March 2026' }).closest('tr') as HTMLElement;
    expect(within(conflictRow).getByText('Conflict')).toBeInTheDocument();
    expect(within(conflictRow).getByText('has submissions, kept')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'April 2026' })).toBeInTheDocument();

    const [, diffInit] = calls(fetchMock, 'POST', '/Collection/1/ReportingPeriod/Diff')[0] ?? [];
    expect(JSON.parse(String(diffInit?.body))).toMatchObject({
      reportingCycle: 'monthly',
      firstReportingPeriodStart: '2026-04-01',
      lastReportingPeriodStart: '2026-06-01',
      daysOpen: 5,
      includeWorkingDaysOnly: true,
      reopenAfterDays: null,
      stayReopenForDays: null,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Schedule applied')).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', '/Collection/1/ReportingPeriod/Bulk')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Preview of changes' })).not.toBeInTheDocument(),
    );
  });

  it('a change after the preview hides it and disables Apply until previewed again', async () => {
    stubApi((url) => (url.endsWith('/ReportingPeriod/Diff') ? jsonResponse(diff) : undefined));
    renderAmend('/collection/amend/1/schedule');
    await screen.findByLabelText(/Days open/);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Preview changes' }));
    await screen.findByRole('heading', { name: 'Preview of changes' });
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
    type(/Days open/, '6');
    expect(screen.queryByRole('heading', { name: 'Preview of changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});

describe('schedule tab without a saved schedule', () => {
  it("starts from the collection's default schedule and saves a new one with POST, isDefault false", async () => {
    const defaultSchedule = {
      id: 4,
      collectionId: 1,
      isDefault: true,
      reportingCycle: 'quarterly',
      firstReportingPeriodStart: '2026-04-01',
      lastReportingPeriodStart: '2027-01-01',
      daysOpen: 20,
      includeWorkingDaysOnly: true,
      reopenAfterDays: 2,
      stayReopenForDays: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const fetchMock = stubApi((url, init) => {
      if (url.endsWith('/v1/api/Schedule')) return jsonResponse([defaultSchedule]);
      if (url.endsWith('/Collection/1/Schedule') && init?.method === 'POST')
        return jsonResponse({ ...defaultSchedule, id: 5, isDefault: false }, 201);
      return undefined;
    });
    renderAmend('/collection/amend/1/schedule');
    expect(await screen.findByLabelText(/Days open/)).toHaveValue('20');
    expect(screen.getByLabelText(/Reporting cycle/)).toHaveValue('quarterly');
    expect(screen.getByLabelText(/Stay reopened for/)).toHaveValue('3');
    expect(screen.getByLabelText(/Count working days only/)).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(messages.saved)).toBeInTheDocument();
    const [, init] = calls(fetchMock, 'POST', '/Collection/1/Schedule')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ isDefault: false, reportingCycle: 'quarterly' });
  });
});

describe('default schedule (amend tab "default-schedule")', () => {
  it("pre-fills the specification's placeholder dates and saves with POST, isDefault true", async () => {
    const fetchMock = stubApi((url, init) => {
      if (url.endsWith('/Collection/1/Schedule/Default'))
        return jsonResponse({
          id: null,
          collectionId: 1,
          isDefault: true,
          isPlaceholder: true,
          start: '2015-01-01',
          end: '2015-01-01',
          submissionsReopen: '2015-02-01',
          submissionsReclose: '2015-02-01',
          openTime: '00:00:00',
          closeTime: '00:00:00',
          reopenTime: '00:00:00',
          recloseTime: '00:00:00',
          ifSubmissionReopens: false,
        });
      if (url.endsWith('/Collection/1/Schedule') && init?.method === 'POST')
        return jsonResponse(
          {
            id: 3,
            collectionId: 1,
            isDefault: true,
            reportingCycle: 'monthly',
            firstReportingPeriodStart: '2015-01-01',
            lastReportingPeriodStart: '2015-01-01',
            daysOpen: 5,
            includeWorkingDaysOnly: false,
            reopenAfterDays: null,
            stayReopenForDays: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
          201,
        );
      return undefined;
    });
    renderAmend('/collection/amend/1/default-schedule');
    await screen.findByRole('group', { name: /First reporting period start/ });
    expect(dateShown(/First reporting period start/)).toBe('2015-01-01');
    expect(screen.queryByRole('button', { name: 'Preview changes' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Reporting cycle/), { target: { value: 'monthly' } });
    type(/Days open/, '5');
    fireEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(messages.saved)).toBeInTheDocument();
    const [, init] = calls(fetchMock, 'POST', '/Collection/1/Schedule')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ isDefault: true, daysOpen: 5 });
  });
});
