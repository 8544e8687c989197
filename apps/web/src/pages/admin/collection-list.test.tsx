import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionDto, jsonResponse, stubApi } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { CollectionList } from './collection-list';

afterEach(() => vi.unstubAllGlobals());

const workforce = collectionDto({ id: 3, name: 'Workforce', status: 'published' });

describe('CollectionList', () => {
  it('searches by name and status on the server, the search kept in the URL', async () => {
    const calls = stubApi({ 'GET /Collection': () => jsonResponse({ items: [workforce], total: 1 }) });
    const user = userEvent.setup();
    const { router } = renderAt(<CollectionList caption="Collections" emptyMessage="None." />, {
      path: '/list?query=work',
    });
    expect(await screen.findByRole('link', { name: 'Workforce' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search by collection name' });
    expect(search).toHaveValue('work');

    await user.clear(search);
    await user.type(search, ' force ');
    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toContain('query=force'));
    expect(router.state.location.search).toContain('status=published');
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('query')).toBe('force'));
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('published');
    expect(screen.getByRole('searchbox', { name: 'Search by collection name' })).toHaveValue('force');
  });

  it('pins the status of the hidden list and does not offer it', async () => {
    const calls = stubApi({ 'GET /Collection': () => jsonResponse({ items: [], total: 0 }) });
    renderAt(
      <CollectionList fixedStatus="archived" caption="Hidden" emptyMessage="No hidden collections." />,
    );
    expect(await screen.findByText('No hidden collections.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('status')).toBe('archived');
  });
});
