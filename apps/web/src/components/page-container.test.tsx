import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { PageContainer } from './page-container';

describe('PageContainer', () => {
  it('ends the breadcrumb trail with its title, the current page', async () => {
    renderAt(
      <PageContainer title="Feature flags" trail={[{ text: 'Administration', href: '/collection/admin' }]}>
        Flags
      </PageContainer>,
    );
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent(/^HomeAdministrationFeature flags/);
    expect(screen.getByText('Feature flags', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Administration' })).toHaveAttribute(
      'href',
      '/collection/admin',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Feature flags' })).toBeInTheDocument();
  });

  it('shows no breadcrumbs without a trail', async () => {
    renderAt(<PageContainer title="Form">Body</PageContainer>);
    await screen.findByRole('heading', { level: 1, name: 'Form' });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});
