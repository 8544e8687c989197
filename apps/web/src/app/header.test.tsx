import type { CurrentUser } from '@dcf/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../test/fixtures';
import { renderAt } from '../test/render';
import { Header } from './header';

function renderHeader(user: CurrentUser, pathname: string) {
  renderAt(<Header user={user} pathname={pathname} />, { path: pathname });
}

function navLabels(): string[] {
  const nav = screen.queryByRole('navigation', { name: 'Menu' });
  return nav
    ? within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent ?? '')
    : [];
}

describe('Header', () => {
  it('is titled Data Collection Framework and links home', () => {
    renderHeader(users.anonymous, '/');
    expect(screen.getByRole('banner')).toHaveTextContent('Data Collection Framework');
    expect(screen.getByRole('link', { name: 'NHS Data Collection Framework homepage' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it.each([
    ['a submitter', users.submitter, ['Submitter', 'Logout']],
    ['a manager', users.manager, ['Manager', 'Logout']],
    ['a collection admin', users.collectionAdmin, ['Admin', 'Logout']],
    ['a super admin', users.superAdmin, ['Admin', 'Logout']],
    ['someone with every role', users.everything, ['Submitter', 'Manager', 'Admin', 'Logout']],
    ['a signed-in user with no role', users.none, ['Logout']],
  ])('shows %s their sections', (_who, user, expected) => {
    renderHeader(user, '/');
    expect(navLabels()).toEqual(expected);
  });

  it('links each section to its home', () => {
    renderHeader(users.everything, '/');
    expect(screen.getByRole('link', { name: 'Submitter' })).toHaveAttribute('href', '/collection/submit');
    expect(screen.getByRole('link', { name: 'Manager' })).toHaveAttribute('href', '/collection/manage');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/collection/admin');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('shows no navigation to a visitor who is not signed in', () => {
    renderHeader(users.anonymous, '/error');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('hides the navigation on /logout', () => {
    renderHeader(users.everything, '/logout');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows only Logout on /endSession, signed in or not', () => {
    renderHeader(users.everything, '/endSession');
    expect(navLabels()).toEqual(['Logout']);
  });

  it('marks the current section', () => {
    renderHeader(users.everything, '/collection/manage');
    expect(screen.getByRole('link', { name: 'Manager' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Submitter' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Admin' })).not.toHaveAttribute('aria-current');
  });

  it('marks the section of a page deeper inside it', () => {
    renderHeader(users.everything, '/collection/admin/hidden');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Manager' })).not.toHaveAttribute('aria-current');
  });
});
