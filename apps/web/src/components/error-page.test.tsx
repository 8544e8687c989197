import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { ErrorPage } from './error-page';

describe('ErrorPage', () => {
  it('apologises, offers the homepage, and gives the support desk reference with the London time', () => {
    render(<ErrorPage now={new Date('2026-03-29T01:00:00Z')} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sorry, there is a problem with the service' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'return to the homepage' })).toHaveAttribute('href', '/');
    const support = screen.getByText(/contact the support desk/);
    expect(support).toHaveTextContent('Data Collections');
    expect(support).toHaveTextContent('29/03/2026 02:00:00');
    expect(document.title).toBe('Sorry, there is a problem with the service - Data Collection Framework');
  });
});

function Broken(): never {
  throw new Error('boom');
}

describe('ErrorBoundary', () => {
  it('shows the error page instead of a broken component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'Sorry, there is a problem with the service' }),
    ).toBeInTheDocument();
  });

  it('shows a fallback of your choice', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary fallback={<p>The form could not be shown.</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('The form could not be shown.')).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });
});
