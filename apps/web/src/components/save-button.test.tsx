import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveButton } from './save-button';

// Fake timers drive the 3-second reset. Testing Library's user-event waits on real timers under
// Vitest's fake ones, so these tests click with fireEvent.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('SaveButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows 'Saving...', then 'Successfully saved.', and is usable again after 3 seconds", async () => {
    const save = deferred();
    const onSave = vi.fn(() => save.promise);
    render(<SaveButton onSave={onSave} />);

    await click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveAttribute('aria-disabled', 'true');

    await act(async () => save.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Successfully saved.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');

    // Clicking while the outcome shows does nothing.
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveTextContent('Successfully saved.');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-disabled');

    await click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it("shows 'Failed to save.' when the save fails, and resets after 3 seconds", async () => {
    render(<SaveButton onSave={() => Promise.reject(new Error('no'))}>Save draft</SaveButton>);
    await click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('status')).toHaveTextContent('Failed to save.');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Failed to save.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save draft' })).not.toHaveAttribute('aria-disabled');
  });

  it('cannot be used while its disabled prop is set', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<SaveButton onSave={onSave} disabled />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });
});
