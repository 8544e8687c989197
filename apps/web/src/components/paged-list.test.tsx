import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderAt } from '../test/render';
import { Pagination, pageNumbers } from './pagination';
import { SortableHeader } from './sortable-header';
import { readListParams, useListParams, useListQuery, writeListParams } from './use-list-params';

const defaults = {
  page: 1,
  pageSize: 25,
  sortBy: 'name',
  sortOrder: 'ASC',
  query: undefined as string | undefined,
};

/** A list screen in miniature: its state in the URL, a filter, a sortable header and pagination. */
function Demo() {
  const [params, update] = useListParams(defaults);
  return (
    <>
      <p data-testid="state">{JSON.stringify(params)}</p>
      <button type="button" onClick={() => update({ query: 'leeds' })}>
        Filter
      </button>
      <table>
        <thead>
          <tr>
            {(
              [
                ['name', 'Name'],
                ['code', 'Code'],
              ] as const
            ).map(([column, label]) => (
              <SortableHeader
                key={column}
                column={column}
                label={label}
                sortBy={params.sortBy}
                sortOrder={params.sortOrder as 'ASC' | 'DESC'}
                onSort={(sortBy, sortOrder) => update({ sortBy, sortOrder })}
              />
            ))}
          </tr>
        </thead>
      </table>
      <Pagination page={params.page} pages={470} onChange={(page) => update({ page })} />
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');

describe('list parameters in the URL', () => {
  it('reads typed values with defaults, and writes only what differs from them', () => {
    const read = readListParams(new URLSearchParams('page=3&sortBy=code&pageSize=x&other=1'), defaults);
    expect(read).toEqual({ page: 3, pageSize: 25, sortBy: 'code', sortOrder: 'ASC', query: undefined });
    const written = writeListParams(new URLSearchParams('other=1'), { ...read, page: 1 }, defaults);
    expect(written.toString()).toBe('other=1&sortBy=code');
  });

  it('starts from the URL (a reload), and keeps page, sort and filter in it as they change', () => {
    const { router } = renderAt(<Demo />, { path: '/list?page=4&sortBy=code&sortOrder=DESC' });
    expect(state()).toMatchObject({ page: 4, sortBy: 'code', sortOrder: 'DESC' });
    expect(screen.getByRole('columnheader', { name: /code/i })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=5&sortBy=code&sortOrder=DESC');

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    // A new sort goes back to page 1 (left out of the URL as the default).
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('columnheader', { name: /name/i })).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(router.state.location.search).toBe('?query=leeds');
  });

  it('goes back through the history with the back button', async () => {
    const { router } = renderAt(<Demo />, { path: '/list' });
    fireEvent.click(screen.getByRole('button', { name: 'Last page (470)' }));
    expect(state().page).toBe(470);
    await router.navigate(-1);
    expect(await screen.findByText(/"page":1/)).toBeInTheDocument();
  });
});

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sortBy: z.enum(['name', 'code']).default('name'),
  sortOrder: z.enum(['ASC', 'DESC']).default('ASC'),
  query: z.string().trim().optional(),
});

function QueryDemo() {
  const [query] = useListQuery(defaults, querySchema);
  return <p data-testid="state">{JSON.stringify(query)}</p>;
}

const firstOpen = { page: 1, pageSize: 25, sortBy: 'name', sortOrder: 'ASC' } as const;

function FallbackDemo() {
  const [query] = useListQuery(defaults, querySchema, firstOpen);
  return <p data-testid="state">{JSON.stringify(query)}</p>;
}

describe('list query checked by the schema', () => {
  it('reads the parameters through the schema (its defaults applied)', () => {
    renderAt(<QueryDemo />, { path: '/list?page=3&sortBy=code&query=%20leeds%20' });
    expect(state()).toEqual({ page: 3, pageSize: 25, sortBy: 'code', sortOrder: 'ASC', query: 'leeds' });
  });

  it('shows page 1 at the default page size when a parameter is refused, and leaves the URL alone', () => {
    const { router } = renderAt(<QueryDemo />, { path: '/list?page=101&sortBy=code' });
    expect(state()).toEqual({ page: 1, pageSize: 25 });
    expect(router.state.location.search).toBe('?page=101&sortBy=code');
  });

  it('shows the fallback given instead', () => {
    renderAt(<FallbackDemo />, { path: '/list?sortBy=size' });
    expect(state()).toEqual(firstOpen);
  });
});

describe('Pagination', () => {
  it('shows the first, last and two pages either side of the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(200, 470)).toEqual([1, null, 198, 199, 200, 201, 202, null, 470]);
    expect(pageNumbers(470, 470)).toEqual([1, null, 468, 469, 470]);
  });

  it('marks the current page, jumps to a page typed in, and refuses one out of range', () => {
    const chosen: number[] = [];
    renderAt(<Pagination page={200} pages={470} onChange={(p) => chosen.push(p)} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('Page 200');
    fireEvent.click(within(nav).getByRole('button', { name: '201' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'First page' }));
    const box = within(nav).getByLabelText('Go to page');
    fireEvent.change(box, { target: { value: '999' } });
    fireEvent.click(within(nav).getByRole('button', { name: 'Go' }));
    expect(within(nav).getByText('Enter a page number from 1 to 470')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '350' } });
    fireEvent.click(within(nav).getByRole('button', { name: 'Go' }));
    expect(chosen).toEqual([201, 1, 350]);
  });

  it('shows nothing for a single page', () => {
    renderAt(<Pagination page={1} pages={1} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
