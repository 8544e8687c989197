import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { LandingPage } from './landing-page';

describe('LandingPage', () => {
  it('explains the service and greets the user', () => {
    renderAt(<LandingPage />, { user: users.manager });
    expect(screen.getByRole('heading', { level: 1, name: 'Data Collection Framework' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
      "You are signed in as Alex Smith (Guy's and St Thomas' NHS Foundation Trust).",
    );
    expect(document.title).toBe('Data Collection Framework');
  });

  it('links to each section the user may use', () => {
    renderAt(<LandingPage />, { user: users.everything });
    for (const [name, href] of [
      ['Submit data', '/collection/submit'],
      ['Manage collections', '/collection/manage'],
      ['Administer the service', '/collection/admin'],
    ])
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('shows a submitter only their section', () => {
    renderAt(<LandingPage />, { user: users.submitter });
    expect(screen.getByRole('link', { name: 'Submit data' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage collections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administer the service' })).not.toBeInTheDocument();
  });

  it('tells a user with no role how to get access', () => {
    renderAt(<LandingPage />, { user: users.none });
    expect(screen.getByText(/You do not have a role in any collection yet/)).toBeInTheDocument();
  });
});
