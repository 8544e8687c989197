import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, type AutosaveOptions, useAutosave } from './use-autosave';

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (overrides: Partial<AutosaveOptions> = {}) => {
    const save = vi.fn(() => Promise.resolve());
    const options: AutosaveOptions = {
      enabled: true,
      pending: true,
      changeCount: 1,
      isSaving: () => false,
      save,
      ...overrides,
    };
    const hook = renderHook((props: AutosaveOptions) => useAutosave(props), { initialProps: options });
    return { save, options, hook };
  };

  it('saves 30 seconds after the last change, not before', () => {
    const { save } = setup();
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('each change restarts the wait (debounced)', () => {
    const { save, options, hook } = setup();
    vi.advanceTimersByTime(20_000);
    hook.rerender({ ...options, changeCount: 2 });
    vi.advanceTimersByTime(20_000);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('never starts while a save is running: it waits another period', () => {
    let running = true;
    const { save } = setup({ isSaving: () => running });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    running = false;
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does nothing without changes, or when saving is not possible (no lock, conflict)', () => {
    const idle = setup({ pending: false });
    const locked = setup({ enabled: false });
    vi.advanceTimersByTime(5 * AUTOSAVE_DELAY_MS);
    expect(idle.save).not.toHaveBeenCalled();
    expect(locked.save).not.toHaveBeenCalled();
  });
});
