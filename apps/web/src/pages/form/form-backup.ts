import type { SubmissionPageKey } from '../../api/submissions';
import type { FormData } from '../../formio/form-renderer';

/**
 * The person's typing, kept in sessionStorage from their first change until a save succeeds, so a
 * refused save (stale, lock lost, period closed), a reload or a crash never drops it silently. The page
 * offers to restore it when it differs from what the server has.
 */
export interface FormBackup {
  data: FormData;
  completedPages: string[];
  /** The revision the typing started from. */
  baseRevisionId: number | null;
  /** ISO instant of the last change. */
  changedAt: string;
}

const storageKey = (key: SubmissionPageKey) =>
  `dcf:form-backup:${key.collectionId}:${key.reportingPeriodId}:${key.organisationId}`;

export function writeBackup(key: SubmissionPageKey, backup: FormBackup): void {
  try {
    sessionStorage.setItem(storageKey(key), JSON.stringify(backup));
  } catch {
    // Storage full or disabled: the unsaved-changes prompt still protects the typing in this tab.
  }
}

export function readBackup(key: SubmissionPageKey): FormBackup | null {
  try {
    const text = sessionStorage.getItem(storageKey(key));
    if (!text) return null;
    const parsed = JSON.parse(text) as FormBackup;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.data === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function clearBackup(key: SubmissionPageKey): void {
  try {
    sessionStorage.removeItem(storageKey(key));
  } catch {
    // Nothing to clear.
  }
}
