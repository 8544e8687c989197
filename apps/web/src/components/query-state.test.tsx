import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { AppProviders } from '../app/providers';
import { testQueryClient } from '../test/render';
import { QueryState } from './query-state';

function Rows({
  load,
  emptyMessage,
  focusError,
}: {
  load: () => Promise<string[]>;
  emptyMessage?: string;
  focusError?: boolean;
}) {
  const query = useQuery({ queryKey: ['rows', load], queryFn: load });
  return (
    <QueryState query={query} emptyMessage={emptyMessage} focusError={focusError}>
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

function renderRows(load: () => Promise<string[]>, emptyMessage?: string, focusError?: boolean) {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <Rows load={load} emptyMessage={emptyMessage} focusError={focusError} />
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

  it('leaves focus where it was on failure, unless the error is to take it', async () => {
    const fail = async (): Promise<string[]> => {
      throw new Error('down');
    };
    const { unmount } = renderRows(fail);
    const quiet = await screen.findByText('Something went wrong');
    expect(quiet.closest('[tabindex]')).not.toHaveFocus();
    unmount();
    renderRows(fail, undefined, true);
    await screen.findByText('Something went wrong');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('There is a problem'));
  });
});
