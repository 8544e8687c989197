import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { jsonResponse, notFound, stubApi, users } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

const entry = (id: number, action: string) => ({
  id,
  occurredAt: '2026-07-01T09:15:00.000Z',
  user: { id: 3, name: 'Morgan Manager', email: 'manager@dcf.example' },
  action,
  entityType: 'collection',
  entityId: '42',
  collectionId: 42,
  organisationId: null,
  before: { name: 'Old name' },
  after: { name: 'New name' },
  requestId: 'r1',
});

let requests: URL[];

beforeEach(() => {
  requests = [];
  stubApi(
    {
      'GET /User/Current': () => jsonResponse(users.collectionAdmin),
      'GET /AuditLog': (url) => {
        requests.push(url);
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({
          items: [entry(page, page === 1 ? 'collection.update' : 'form.update')],
          total: 30,
        });
      },
    },
    notFound,
  );
});

describe('AuditLogPage', () => {
  it('lists changes with who, when (London), what and the values, and searches on the server', async () => {
    renderRoutes(routes, '/collection/admin/audit');
    const table = await screen.findByRole('table', { name: 'Changes, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    // 09:15 UTC on 1 July is 10:15 in London (summer time).
    expect(within(row).getByText('1 July 2026, 10:15')).toBeInTheDocument();
    expect(within(row).getByText('Morgan Manager')).toBeInTheDocument();
    // In words, not codes (decision 0037).
    expect(within(row).getByText('Collection changed')).toBeInTheDocument();
    expect(within(row).getByText(/^Collection \d+$/)).toBeInTheDocument();
    expect(within(row).queryByText('collection.update')).toBeNull();
    expect(within(row).getByText(/"name": "New name"/)).toBeInTheDocument();
    expect(screen.getByText('30 changes')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Who'), 'morgan');
    const from = screen.getByRole('group', { name: 'From' });
    await user.type(within(from).getByLabelText('Day'), '1');
    await user.type(within(from).getByLabelText('Month'), '7');
    await user.type(screen.getByLabelText('Record ID'), '42');
    // What was done is chosen in words; the code goes to the API.
    await user.selectOptions(screen.getByLabelText('What'), 'Collection changed');
    // Half a date is said to be wrong, not searched for.
    const searches = requests.length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await within(from).findByText('Enter a valid date')).toBeInTheDocument();
    expect(requests).toHaveLength(searches);
    await user.type(within(from).getByLabelText('Year'), '2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('cell', { name: 'Collection changed' });
    const last = requests.at(-1)!;
    expect(last.searchParams.get('who')).toBe('morgan');
    expect(last.searchParams.get('from')).toBe('2026-07-01');
    expect(last.searchParams.get('entityId')).toBe('42');
    expect(last.searchParams.get('action')).toBe('collection.update');
    expect(last.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: /^Next/ }));
    expect(await screen.findByRole('cell', { name: 'Form changed' })).toBeInTheDocument();
    expect(requests.at(-1)!.searchParams.get('who')).toBe('morgan');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});
