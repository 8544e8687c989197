import {
  cleanSubmissionContent,
  mergeSavedRevision,
  messages,
  type SaveRevisionBody,
  type SubmissionView,
} from '@dcf/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf, hasCode, problemText } from '../../api/problems';
import {
  getSubmission,
  releaseLock,
  type SubmissionPageKey,
  saveRevision,
  submissionKeys,
  takeLock,
} from '../../api/submissions';
import type { FormData } from '../../formio/form-renderer';
import { parseContent } from './compare-revisions';
import { clearBackup, type FormBackup, readBackup, writeBackup } from './form-backup';
import { useAutosave } from './use-autosave';

/** The lock lapses after 20 minutes without a save or heartbeat; the page renews it every 5. */
export const LOCK_HEARTBEAT_MS = 5 * 60_000;

export type LockState =
  | { state: 'none' }
  | { state: 'taking' }
  | { state: 'mine' }
  /** Someone else holds it, or it was lost: the reason is shown and the form turns read-only. */
  | { state: 'refused'; message: string };

/** JSON with keys sorted at every level, so equal answers compare equal whatever their order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether two contents hold the same answers (empty values ignored, as the server drops them). */
export function sameContent(a: FormData, b: FormData): boolean {
  return stableJson(cleanSubmissionContent(a)) === stableJson(cleanSubmissionContent(b));
}

/** A backup worth offering: it holds answers the server's latest revision does not. */
function differingBackup(key: SubmissionPageKey, view: SubmissionView): FormBackup | null {
  const backup = readBackup(key);
  if (!backup) return null;
  if (sameContent(backup.data, parseContent(view.content))) {
    clearBackup(key);
    return null;
  }
  return backup;
}

/**
 * The form-entry page's state: the submission view, the lock (taken on open, renewed every 5 minutes,
 * released on leaving with fetch keepalive), the person's data, saving (manual and automatic), and the
 * sessionStorage backup that keeps their typing until a save succeeds.
 */
export function useFormEntry(
  key: SubmissionPageKey,
  initial: SubmissionView,
  /** The data on screen now, read at save time (change events arrive a little later). */
  readData: () => FormData | undefined,
  /** The explanations of data quality warnings, sent with every save (decision 0028). */
  readExplanations?: () => Record<string, string> | undefined,
) {
  const [view, setView] = useState(initial);
  const viewRef = useRef(initial);
  const [lock, setLock] = useState<LockState>(initial.canEdit ? { state: 'taking' } : { state: 'none' });
  // The data the renderer starts from, and a key to rebuild it when that data is replaced.
  const [loaded, setLoaded] = useState(() => ({ data: parseContent(initial.content), version: 0 }));
  const dataRef = useRef<FormData>(loaded.data);
  const [completedPages, setCompletedPages] = useState<string[]>(initial.completedPages);
  const completedRef = useRef(completedPages);
  const [changeCount, setChangeCount] = useState(0);
  const changeCountRef = useRef(0);
  // What the server holds (loaded or last saved): the page is dirty while the screen differs from it.
  // Compared by content, not by counting events, because Form.io reports changes a little late.
  // The explanations of data quality warnings count too (their text, blank ones left out).
  const explanationsNow = useCallback(() => stableJson(readExplanations?.() ?? {}), [readExplanations]);
  const saved = useRef({ data: loaded.data, pages: initial.completedPages, explanations: '{}' });
  const [dirty, setDirty] = useState(false);
  const differsFromSaved = useCallback(
    (data: FormData, pages: readonly string[], explanations = explanationsNow()) =>
      !sameContent(data, saved.current.data) ||
      [...pages].sort().join('\n') !== [...saved.current.pages].sort().join('\n') ||
      explanations !== saved.current.explanations,
    [explanationsNow],
  );
  const saving = useRef<Promise<unknown> | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [lastSaved, setLastSaved] = useState<{ at: Date; automatic: boolean } | null>(null);
  const [backup, setBackup] = useState<FormBackup | null>(() => differingBackup(key, initial));

  // The cached view follows every change, so coming back to the page starts from the latest save.
  const queryClient = useQueryClient();
  const replaceView = useCallback(
    (next: SubmissionView) => {
      viewRef.current = next;
      setView(next);
      queryClient.setQueryData(submissionKeys.view(key), next);
    },
    [queryClient, key],
  );

  // Take the lock on open, renew it, release it on leaving.
  const { collectionId, reportingPeriodId, organisationId } = key;
  const canEditAtOpen = initial.canEdit;
  useEffect(() => {
    if (!canEditAtOpen) return;
    const pageKey = { collectionId, reportingPeriodId, organisationId };
    let active = true;
    let held = false;
    const take = (heartbeat: boolean) =>
      takeLock(pageKey)
        .then((next) => {
          held = true;
          if (!active) return;
          // A heartbeat only refreshes the lock: the content may be mid-save.
          if (heartbeat) replaceView({ ...viewRef.current, ...lockFields(next) });
          else replaceView(next);
          setLock({ state: 'mine' });
        })
        .catch((error: unknown) => {
          held = false;
          if (active) setLock({ state: 'refused', message: problemText(error) });
        });
    void take(false);
    const heartbeat = setInterval(() => void take(true), LOCK_HEARTBEAT_MS);
    const release = () => {
      if (held) releaseLock(pageKey, { keepalive: true }).catch(() => undefined);
      held = false;
    };
    window.addEventListener('pagehide', release);
    return () => {
      active = false;
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [collectionId, reportingPeriodId, organisationId, canEditAtOpen, replaceView]);

  const markChanged = useCallback(() => {
    changeCountRef.current += 1;
    setChangeCount(changeCountRef.current);
    const changed = differsFromSaved(dataRef.current, completedRef.current);
    setDirty(changed);
    if (!changed) return;
    const changedAt = new Date().toISOString();
    writeBackup(key, {
      data: dataRef.current,
      completedPages: completedRef.current,
      baseRevisionId: viewRef.current.currentRevisionId,
      changedAt,
    });
  }, [key, differsFromSaved]);

  const onChange = useCallback(
    (data: FormData, modified: boolean) => {
      dataRef.current = data;
      if (modified) markChanged();
    },
    [markChanged],
  );

  const setPageComplete = useCallback(
    (pageKey: string, complete: boolean) => {
      const next = completedRef.current.filter((k) => k !== pageKey);
      if (complete) next.push(pageKey);
      completedRef.current = next;
      setCompletedPages(next);
      markChanged();
    },
    [markChanged],
  );

  const save = useCallback(
    async (status: SaveRevisionBody['status'], automatic = false) => {
      while (saving.current) await saving.current.catch(() => undefined);
      const submissionId = viewRef.current.submissionId;
      if (submissionId === null) throw new Error(messages.submissionLockRequired);
      dataRef.current = readData() ?? dataRef.current;
      const sent = { data: dataRef.current, pages: completedRef.current, explanations: explanationsNow() };
      const run = saveRevision(submissionId, {
        content: sent.data,
        status,
        baseRevisionId: viewRef.current.currentRevisionId,
        completedPages: completedRef.current,
        explanations: readExplanations?.(),
      });
      saving.current = run;
      setIsSaving(true);
      try {
        const next = mergeSavedRevision(viewRef.current, await run);
        replaceView(next);
        // The revisions list, where shown, gains the new revision.
        void queryClient.invalidateQueries({ queryKey: submissionKeys.revisionsOf(submissionId) });
        saved.current = sent;
        const changedSince = differsFromSaved(readData() ?? dataRef.current, completedRef.current);
        setDirty(changedSince);
        if (!changedSince) {
          clearBackup(key);
          setBackup(null);
        }
        setFieldErrors({});
        setProblem(null);
        setLastSaved({ at: new Date(), automatic });
        return next;
      } catch (error) {
        // Whatever went wrong, what was sent stays in this tab until a save succeeds.
        if (differsFromSaved(sent.data, sent.pages, sent.explanations)) {
          setDirty(true);
          writeBackup(key, {
            data: sent.data,
            completedPages: sent.pages,
            baseRevisionId: viewRef.current.currentRevisionId,
            changedAt: new Date().toISOString(),
          });
        }
        const fields = fieldErrorsOf(error);
        setFieldErrors(fields ?? {});
        setProblem(fields ? null : problemText(error));
        if (hasCode(error, 'stale_revision')) setStale(true);
        if (problemText(error) === messages.submissionLockRequired)
          setLock({ state: 'refused', message: messages.submissionLockRequired });
        throw error;
      } finally {
        saving.current = null;
        setIsSaving(false);
      }
    },
    [key, replaceView, readData, readExplanations, explanationsNow, differsFromSaved, queryClient],
  );

  const editable = view.canEdit && lock.state === 'mine' && !stale;

  useAutosave({
    enabled: editable,
    pending: dirty,
    changeCount,
    isSaving: () => saving.current !== null,
    save: () => save('draft', true),
  });

  /** Loads other data into the form (rebuilding it) and sets what counts as saved. */
  const load = useCallback((data: FormData, pages: string[], asChange: boolean) => {
    dataRef.current = data;
    completedRef.current = pages;
    setCompletedPages(pages);
    setLoaded((previous) => ({ data, version: previous.version + 1 }));
    if (asChange) {
      changeCountRef.current += 1;
      setChangeCount(changeCountRef.current);
      setDirty(true);
    } else {
      saved.current = { ...saved.current, data, pages };
      setDirty(false);
    }
  }, []);

  /** The explanations saved with the return are in: they are what counts as saved from now on. */
  const explanationsLoaded = useCallback(() => {
    saved.current = { ...saved.current, explanations: explanationsNow() };
  }, [explanationsNow]);

  /** After a stale save: fetch the latest version (the typing stays in the backup, offered to restore). */
  const reloadLatest = useCallback(async () => {
    const latest = await getSubmission(key);
    let next = latest;
    if (latest.canEdit) {
      try {
        next = await takeLock(key);
        setLock({ state: 'mine' });
      } catch (error) {
        setLock({ state: 'refused', message: problemText(error) });
      }
    }
    replaceView(next);
    setStale(false);
    setProblem(null);
    setFieldErrors({});
    load(parseContent(next.content), next.completedPages, false);
    setBackup(readBackup(key));
  }, [key, load, replaceView]);

  /** Answers from elsewhere (a filled Excel template) merged over the screen's; saved only when saved. */
  const mergeValues = useCallback(
    (values: FormData) => {
      load({ ...(readData() ?? dataRef.current), ...values }, completedRef.current, true);
      markChanged();
    },
    [load, markChanged, readData],
  );

  const restoreBackup = useCallback(() => {
    if (!backup) return;
    load(backup.data, backup.completedPages, true);
    setBackup(null);
  }, [backup, load]);

  const discardBackup = useCallback(() => {
    clearBackup(key);
    setBackup(null);
  }, [key]);

  return {
    view,
    replaceView,
    lock,
    loaded,
    completedPages,
    setPageComplete,
    onChange,
    /** An explanation was typed: a change like any answer's. */
    explanationChanged: markChanged,
    explanationsLoaded,
    save,
    isSaving,
    dirty,
    editable,
    stale,
    fieldErrors,
    problem,
    lastSaved,
    backup,
    reloadLatest,
    mergeValues,
    restoreBackup,
    discardBackup,
  };
}

function lockFields(view: SubmissionView) {
  const { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe } = view;
  return { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe };
}
