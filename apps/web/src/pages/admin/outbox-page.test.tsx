import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, notFound, stubApi, users } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

const mail = {
  id: 9,
  createdAt: '2026-01-15T09:00:00.000Z',
  sentAt: null,
  eventType: 'reminder',
  toAddress: 'clerk.a@dcf.example',
  toName: 'Chris Clerk',
  subject: 'Reminder: Monthly workforce return for December 2025 is due by the end of 20 January 2026',
  bodyText: 'Dear Chris Clerk,\n\nWe have not yet received the Monthly workforce return.',
  status: 'kept',
  attempts: 1,
  lastError: null,
};

let requests: URL[];
let status: string;

beforeEach(() => {
  requests = [];
  status = 'kept';
  stubApi(
    {
      'GET /User/Current': () => jsonResponse(users.superAdmin),
      'GET /MailOutbox': (url) => {
        requests.push(url);
        return jsonResponse({ items: [{ ...mail, status }], total: 1 });
      },
    },
    notFound,
  );
});

describe('OutboxPage', () => {
  it('shows each email with its recipient, subject, body and delivery state, and filters on the server', async () => {
    renderRoutes(routes, '/collection/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Emails, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Chris Clerk')).toBeInTheDocument();
    expect(within(row).getByText('clerk.a@dcf.example')).toBeInTheDocument();
    expect(within(row).getByText(mail.subject)).toBeInTheDocument();
    expect(within(row).getByText(/We have not yet received/)).toBeInTheDocument();
    expect(within(row).getByText('Kept in the outbox (no mail server set up)')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by recipient or subject'), 'clerk.a');
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Emails, newest first' });
    const last = requests.at(-1)!;
    expect(last.searchParams.get('search')).toBe('clerk.a');
    expect(last.searchParams.get('status')).toBe('failed');
  });

  it('asks afresh when Search is pressed again with the same filters', async () => {
    // A failed email is not waiting for the worker, so the page does not refresh itself.
    status = 'failed';
    renderRoutes(routes, '/collection/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Emails, newest first' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    const asked = requests.length;
    status = 'sent';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(await within(table).findByText('Sent', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(requests.length).toBe(asked + 1);
  });

  it('refreshes itself while an email waits for the job worker, and stops once none does', async () => {
    status = 'queued';
    renderRoutes(routes, '/collection/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Emails, newest first' });
    expect(within(table).getByText('Waiting to send')).toBeInTheDocument();
    status = 'kept';
    expect(
      await within(table).findByText('Kept in the outbox (no mail server set up)', {}, { timeout: 8_000 }),
    ).toBeInTheDocument();
    const asked = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(requests.length).toBe(asked);
  }, 20_000);
});
