import { describe, expect, it } from 'vitest';
import { type EntryState, entryReducer, initialEntryState } from './entry-state';

const backup = { data: { a: 2 }, completedPages: [], baseRevisionId: 1, changedAt: '2026-11-27T10:00:00Z' };
const start = (overrides: Partial<EntryState> = {}): EntryState => ({
  ...initialEntryState({ a: 1 }, ['p1'], true, null),
  ...overrides,
});

describe('the form-entry page state', () => {
  it('waits for the lock where the return may be edited, and takes nothing otherwise', () => {
    expect(start().lock).toEqual({ state: 'taking' });
    expect(initialEntryState({}, [], false, backup)).toMatchObject({ lock: { state: 'none' }, backup });
  });

  it("the person's change counts (the autosave waits again) and is dirty only if it differs", () => {
    const changed = entryReducer(start(), { type: 'changed', dirty: true });
    expect(changed).toMatchObject({ changeCount: 1, dirty: true });
    expect(entryReducer(changed, { type: 'changed', dirty: false })).toMatchObject({
      changeCount: 2,
      dirty: false,
    });
  });

  it('data put in the form rebuilds it: a change of theirs is dirty, data read from the server is not', () => {
    const typed = entryReducer(start(), { type: 'loaded', data: { a: 5 }, pages: [], asChange: true });
    expect(typed).toMatchObject({
      loaded: { data: { a: 5 }, version: 1 },
      completedPages: [],
      changeCount: 1,
      dirty: true,
    });
    const read = entryReducer(typed, { type: 'loaded', data: { a: 6 }, pages: ['p2'], asChange: false });
    expect(read).toMatchObject({
      loaded: { data: { a: 6 }, version: 2 },
      completedPages: ['p2'],
      changeCount: 1,
      dirty: false,
    });
  });

  it('a save clears the problems and says when; the backup goes unless they typed since', () => {
    const failed = start({ fieldErrors: { a: ['Enter a'] }, problem: 'x', backup, isSaving: true });
    const at = new Date('2026-11-27T10:05:00Z');
    expect(entryReducer(failed, { type: 'saved', at, automatic: true, dirty: false })).toMatchObject({
      isSaving: false,
      dirty: false,
      fieldErrors: {},
      problem: null,
      backup: null,
      lastSaved: { at, automatic: true },
    });
    expect(entryReducer(failed, { type: 'saved', at, automatic: false, dirty: true })).toMatchObject({
      dirty: true,
      backup,
    });
  });

  it("a refused save shows the fields' messages, or else its problem; stale and a lost lock stay until dealt with", () => {
    const saving = start({ isSaving: true, lock: { state: 'mine' } });
    const fields = entryReducer(saving, {
      type: 'saveFailed',
      fieldErrors: { a: ['Enter a'] },
      problem: 'There is a problem',
      unsaved: true,
      stale: false,
    });
    expect(fields).toMatchObject({
      isSaving: false,
      dirty: true,
      fieldErrors: { a: ['Enter a'] },
      problem: null,
    });
    expect(fields.lock).toEqual({ state: 'mine' });
    const lost = { state: 'refused', message: 'Gone', code: 'lock_required' } as const;
    const stale = entryReducer(fields, {
      type: 'saveFailed',
      fieldErrors: null,
      problem: 'Changed by someone else',
      unsaved: false,
      stale: true,
      lock: lost,
    });
    expect(stale).toMatchObject({
      dirty: true,
      fieldErrors: {},
      problem: 'Changed by someone else',
      stale: true,
      lock: lost,
    });
    // Reloading the latest version ends the conflict and offers what the tab kept.
    expect(entryReducer(stale, { type: 'reloaded', backup })).toMatchObject({
      stale: false,
      problem: null,
      fieldErrors: {},
      backup,
    });
  });
});
