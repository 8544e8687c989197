import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notification } from './notification';

describe('Notification', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a success notification by itself after 5000 ms', () => {
    const onClose = vi.fn();
    render(<Notification variant="success" message="Collection published" onClose={onClose} />);
    expect(screen.getByRole('alert', { name: 'Success' })).toHaveTextContent('Collection published');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Collection published')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Collection published')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open when stayOpen is set, or when autoClose is turned off', () => {
    render(
      <>
        <Notification variant="success" message="Pinned" stayOpen />
        <Notification variant="success" message="Manual" autoClose={false} />
      </>,
    );
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    expect(screen.getByText('Manual')).toBeInTheDocument();
  });

  it('takes focus when it stays open (an outcome), never when it closes by itself (a passing notice)', () => {
    const { unmount } = render(<Notification variant="success" message="Schedule applied" stayOpen />);
    const banner = screen.getByRole('alert', { name: 'Success' });
    expect(banner).toHaveFocus();
    unmount();
    render(
      <>
        <button type="button">Download</button>
        <Notification variant="success" message="Downloaded returns.csv" />
      </>,
    );
    screen.getByRole('button', { name: 'Download' }).focus();
    expect(screen.getByRole('alert', { name: 'Success' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Download' })).toHaveFocus();
  });

  it('focuses a warning that stays open, as its labelled region', () => {
    render(
      <Notification
        variant="warn"
        title="Reminders"
        message="3 organisations have nobody to email"
        stayOpen
      />,
    );
    expect(screen.getByRole('region', { name: 'Reminders' })).toHaveFocus();
  });

  it('closes any variant after a custom delay when autoClose is set', () => {
    render(
      <Notification
        variant="warn"
        title="Heads up"
        message="Period closes soon"
        autoClose
        autoCloseMs={1000}
      />,
    );
    expect(screen.getByRole('region', { name: 'Heads up' })).toHaveTextContent('Period closes soon');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Period closes soon')).not.toBeInTheDocument();
  });

  it("lists error messages under 'There is a problem' in an error summary that takes focus", () => {
    render(<Notification variant="error" message={['Name is too short', 'Code is too short']} />);
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 2, name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Name is too short',
      'Code is too short',
    ]);
    expect(alert.parentElement).toHaveClass('nhsuk-error-summary');
    expect(alert.parentElement).toHaveFocus();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Name is too short')).toBeInTheDocument();
  });

  it('can be dismissed with its Close button', () => {
    const onClose = vi.fn();
    render(<Notification variant="warn" message="Read me" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no Close button when not dismissible, and shows nothing for the none variant', () => {
    render(
      <>
        <Notification variant="warn" message="Fixed" dismissible={false} />
        <Notification variant="none" message="Invisible" />
      </>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Invisible')).not.toBeInTheDocument();
  });
});
