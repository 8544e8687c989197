import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { AppProviders } from '../app/providers';
import { testQueryClient } from '../test/render';
import { QueryState } from './query-state';

function Rows({ load, emptyMessage }: { load: () => Promise<string[]>; emptyMessage?: string }) {
  const query = useQuery({ queryKey: ['rows', load], queryFn: load });
  return (
    <QueryState query={query} emptyMessage={emptyMessage}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderRows(load: () => Promise<string[]>, emptyMessage?: string) {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <Rows load={load} emptyMessage={emptyMessage} />
    </AppProviders>,
  );
}

describe('QueryState', () => {
  it('shows a spinner, then the data', async () => {
    renderRows(async () => ['April 2026']);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('April 2026')).toBeInTheDocument();
  });

  it("shows 'No data to show' or a supplied message when empty", async () => {
    renderRows(async () => []);
    expect(await screen.findByText('No data to show')).toBeInTheDocument();
  });

  it('shows a supplied empty message', async () => {
    renderRows(async () => [], 'No reporting periods yet');
    expect(await screen.findByText('No reporting periods yet')).toBeInTheDocument();
  });

  it("shows the API's message, or 'Something went wrong', on failure", async () => {
    renderRows(async () => {
      throw new ApiError(404, { title: 'Not Found', status: 404 });
    });
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
  });

  it("shows 'Something went wrong' for any other failure", async () => {
    renderRows(async () => {
      throw new Error('TypeError: x is undefined');
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
