import type { ErrorCode } from '@dcf/domain/error-codes';
import type { FormData } from '../../formio/form-renderer';
import type { FormBackup } from './form-backup';

export type LockState =
  | { state: 'none' }
  | { state: 'taking' }
  | { state: 'mine' }
  /** Someone else holds it, or it was lost: the reason is shown and the form turns read-only. */
  | { state: 'refused'; message: string; code?: ErrorCode };

/** What the form-entry page shows beside the view: the lock, the form's data and how saving went. */
export interface EntryState {
  lock: LockState;
  /** The data the renderer starts from, and a version that rebuilds it when that data is replaced. */
  loaded: { data: FormData; version: number };
  completedPages: string[];
  /** Goes up on every change: each change restarts the autosave's wait. */
  changeCount: number;
  /** The screen differs from what the server holds. */
  dirty: boolean;
  isSaving: boolean;
  fieldErrors: Record<string, string[]>;
  /** A refused save's problem that names no field. */
  problem: string | null;
  /** A save was refused as stale: the page offers to reload the latest version. */
  stale: boolean;
  lastSaved: { at: Date; automatic: boolean } | null;
  /** Typing kept in this tab that the server does not have, offered to restore. */
  backup: FormBackup | null;
}

export type EntryAction =
  | { type: 'lock'; lock: LockState }
  /** Other data in the form (rebuilt): read from the server, or put there by the person (a change). */
  | { type: 'loaded'; data: FormData; pages: string[]; asChange: boolean }
  | { type: 'changed'; dirty: boolean }
  | { type: 'pages'; pages: string[] }
  | { type: 'saveStarted' }
  | { type: 'saved'; at: Date; automatic: boolean; dirty: boolean }
  | {
      type: 'saveFailed';
      fieldErrors: Record<string, string[]> | null;
      problem: string;
      /** What was sent differs from what the server holds. */
      unsaved: boolean;
      stale: boolean;
      /** The save said the lock is lost. */
      lock?: LockState;
    }
  | { type: 'reloaded'; backup: FormBackup | null }
  | { type: 'backupCleared' }
  | { type: 'fieldErrors'; fieldErrors: Record<string, string[]> };

export function initialEntryState(
  content: FormData,
  completedPages: string[],
  canEdit: boolean,
  backup: FormBackup | null,
): EntryState {
  return {
    lock: canEdit ? { state: 'taking' } : { state: 'none' },
    loaded: { data: content, version: 0 },
    completedPages,
    changeCount: 0,
    dirty: false,
    isSaving: false,
    fieldErrors: {},
    problem: null,
    stale: false,
    lastSaved: null,
    backup,
  };
}

export function entryReducer(state: EntryState, action: EntryAction): EntryState {
  switch (action.type) {
    case 'lock':
      return { ...state, lock: action.lock };
    case 'loaded': {
      const loaded = { data: action.data, version: state.loaded.version + 1 };
      const next = { ...state, loaded, completedPages: action.pages, dirty: action.asChange };
      return action.asChange ? { ...next, changeCount: state.changeCount + 1 } : next;
    }
    case 'changed':
      return { ...state, changeCount: state.changeCount + 1, dirty: action.dirty };
    case 'pages':
      return { ...state, completedPages: action.pages };
    case 'saveStarted':
      return { ...state, isSaving: true };
    case 'saved':
      return {
        ...state,
        isSaving: false,
        dirty: action.dirty,
        // Typing since the save stays in the backup until the next one.
        backup: action.dirty ? state.backup : null,
        fieldErrors: {},
        problem: null,
        lastSaved: { at: action.at, automatic: action.automatic },
      };
    case 'saveFailed':
      return {
        ...state,
        isSaving: false,
        dirty: action.unsaved || state.dirty,
        fieldErrors: action.fieldErrors ?? {},
        problem: action.fieldErrors ? null : action.problem,
        stale: action.stale || state.stale,
        lock: action.lock ?? state.lock,
      };
    case 'reloaded':
      return { ...state, stale: false, problem: null, fieldErrors: {}, backup: action.backup };
    case 'backupCleared':
      return { ...state, backup: null };
    case 'fieldErrors':
      return { ...state, fieldErrors: action.fieldErrors };
  }
}
