import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { Breadcrumbs } from './breadcrumbs';

describe('Breadcrumbs', () => {
  it('starts with Home linking to /collection/admin and ends with the current page, not a link', () => {
    renderAt(
      <Breadcrumbs
        items={[
          { text: 'Manage collections', href: '/collection/admin/manage' },
          { text: 'Workforce census' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Home', 'Manage collections', 'Workforce census']);
    expect(within(items[0]!).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      '/collection/admin',
    );
    expect(within(items[1]!).getByRole('link', { name: 'Manage collections' })).toHaveAttribute(
      'href',
      '/collection/admin/manage',
    );
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2]!).getByText('Workforce census')).toHaveAttribute('aria-current', 'page');
  });

  it('does not link the last crumb even when given an href', () => {
    renderAt(<Breadcrumbs items={[{ text: 'Organisations', href: '/organisation' }]} />);
    const list = screen.getByRole('list');
    expect(within(list).queryByRole('link', { name: 'Organisations' })).not.toBeInTheDocument();
  });

  it('offers a back link to the parent for small screens', () => {
    renderAt(<Breadcrumbs items={[{ text: 'Organisations', href: '/organisation' }, { text: 'Edit' }]} />);
    expect(screen.getByRole('link', { name: 'Back to Organisations' })).toHaveAttribute(
      'href',
      '/organisation',
    );
  });

  it('with no items shows Home as the current page', () => {
    renderAt(<Breadcrumbs items={[]} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Home')).toHaveAttribute('aria-current', 'page');
  });
});
