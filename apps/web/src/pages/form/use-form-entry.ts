import {
  cleanSubmissionContent,
  mergeSavedRevision,
  messages,
  type SaveRevisionBody,
  type SubmissionView,
} from '@dcf/domain';
import type { ErrorCode } from '@dcf/domain/error-codes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { codeOf, fieldErrorsOf, hasCode, problemText } from '../../api/problems';
import {
  getSubmission,
  newPageToken,
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
/** Coming back to the page (focus, a tab shown again) reads it again at most this often. */
export const REFRESH_THROTTLE_MS = 1_000;
/** A view read this recently is not read again when the page opens (it has just been loaded). */
const OPEN_FRESH_MS = 10_000;

/** How the page reads the return again: on opening, on coming back to it, or to reload after a conflict. */
type SyncReason = 'open' | 'focus' | 'reload';

export type LockState =
  | { state: 'none' }
  | { state: 'taking' }
  | { state: 'mine' }
  /** Someone else holds it, or it was lost: the reason is shown and the form turns read-only. */
  | { state: 'refused'; message: string; code?: ErrorCode };

/** The lock refused by a failed call: its words are shown, its code is what the page acts on. */
const refusedBy = (error: unknown): LockState => ({
  state: 'refused',
  message: problemText(error),
  code: codeOf(error),
});

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
 * The form-entry page's state: the submission view, the lock, the person's data, saving (manual and
 * automatic), and the sessionStorage backup that keeps their typing until a save succeeds.
 *
 * The lock (decision 0036): each visit of the page has its own token. The page reads the return again
 * and tries the lock whenever it opens or the person comes back to it (focus, the tab shown again, the
 * page restored from the browser's cache), so a lock released meanwhile (by a manager, an authoriser,
 * or by lapsing) never stays on screen as 'locked'. It renews the lock every 5 minutes while the tab is
 * shown, and releases it when the person leaves (a link, the tab closed: fetch keepalive) with the
 * token, so a lock request still on its way is refused by the server rather than taking it again.
 */
export function useFormEntry(
  address: SubmissionPageKey,
  initial: SubmissionView,
  /** The data on screen now, read at save time (change events arrive a little later). */
  readData: () => FormData | undefined,
  /** The explanations of data quality warnings, sent with every save (decision 0028). */
  readExplanations?: () => Record<string, string> | undefined,
) {
  // The same object while the page shows the same return: the page's parent makes a new one on every
  // render, and the lock's effect must not start again (release, then take) because of it.
  const { collectionId, reportingPeriodId, organisationId } = address;
  const key = useMemo(
    () => ({ collectionId, reportingPeriodId, organisationId }),
    [collectionId, reportingPeriodId, organisationId],
  );
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

  // What the page holds is read in callbacks that outlive a render.
  const lockRef = useRef(lock);
  lockRef.current = lock;
  const sync = useRef<(reason: SyncReason) => Promise<void>>(async () => undefined);

  /**
   * Shows a view read from the server: with its answers when the person has nothing unsaved, else
   * only what it says of the lock and the abilities (the answers typed stay; a save will tell if the
   * return changed meanwhile).
   */
  const adoptView = useCallback(
    (next: SubmissionView, discardUnsaved = false) => {
      const current = viewRef.current;
      const unsaved =
        !discardUnsaved && differsFromSaved(readData() ?? dataRef.current, completedRef.current);
      if (unsaved) {
        replaceView({
          ...next,
          content: current.content,
          completedPages: current.completedPages,
          currentRevisionId: current.currentRevisionId,
        });
        return;
      }
      replaceView(next);
      if (
        discardUnsaved ||
        next.currentRevisionId !== current.currentRevisionId ||
        next.content !== current.content
      ) {
        const data = parseContent(next.content);
        dataRef.current = data;
        completedRef.current = next.completedPages;
        setCompletedPages(next.completedPages);
        saved.current = { ...saved.current, data, pages: next.completedPages };
        setLoaded((previous) => ({ data, version: previous.version + 1 }));
        setDirty(false);
      }
    },
    [differsFromSaved, readData, replaceView],
  );

  useEffect(() => {
    const pageKey = key;
    let token = newPageToken();
    // A lock request went out with this token: leaving must release with it.
    let asked = false;
    let leaving = false;
    let running: Promise<void> | null = null;
    let lastRead = queryClient.getQueryState(submissionKeys.view(pageKey))?.dataUpdatedAt ?? 0;

    const take = async (heartbeat: boolean) => {
      asked = true;
      const next = await takeLock(pageKey, token);
      if (leaving) return;
      lastRead = Date.now();
      // A heartbeat only refreshes the lock: the content may be mid-save.
      if (heartbeat) replaceView({ ...viewRef.current, ...lockFields(next) });
      else adoptView(next);
      setLock({ state: 'mine' });
    };

    const run = async (reason: SyncReason) => {
      try {
        if (lockRef.current.state === 'mine' && reason !== 'reload') {
          await take(true);
          return;
        }
        // On opening, a view that says the return may be edited is checked by the lock itself (its answer
        // is the view as it is now); one that says it may not is read again unless just read.
        const fresh = reason === 'open' && (viewRef.current.canEdit || Date.now() - lastRead < OPEN_FRESH_MS);
        if (!fresh) {
          const latest = await getSubmission(pageKey);
          if (leaving) return;
          lastRead = Date.now();
          adoptView(latest, reason === 'reload');
        }
        if (viewRef.current.canEdit) {
          setLock({ state: 'taking' });
          await take(false);
        } else setLock({ state: 'none' });
      } catch (error) {
        if (leaving) return;
        setLock(refusedBy(error));
        // Someone else holds it: read who, until when and who can release it.
        if (hasCode(error, 'lock_held'))
          await getSubmission(pageKey)
            .then((latest) => {
              if (leaving) return;
              adoptView(latest);
              if (!latest.canEdit) setLock({ state: 'none' });
            })
            .catch(() => undefined);
      }
    };

    sync.current = (reason) => {
      if (leaving) return Promise.resolve();
      if (reason === 'focus' && Date.now() - lastRead < REFRESH_THROTTLE_MS) return Promise.resolve();
      running ??= run(reason).finally(() => {
        running = null;
      });
      return running;
    };

    void sync.current('open');
    // Renewed while the tab is shown: a tab left hidden lets its lock lapse, and takes it again (if
    // nobody else has) when it is shown.
    const heartbeat = setInterval(() => {
      if (lockRef.current.state === 'mine' && document.visibilityState !== 'hidden')
        void take(true).catch((error: unknown) => {
          if (!leaving) setLock(refusedBy(error));
        });
    }, LOCK_HEARTBEAT_MS);
    const comeBack = () => {
      if (document.visibilityState !== 'hidden') void sync.current('focus');
    };
    const leave = () => {
      if (leaving) return;
      leaving = true;
      if (asked) releaseLock(pageKey, { keepalive: true, pageToken: token }).catch(() => undefined);
    };
    // Back from the browser's page cache: a new visit, with a new token (the old one has left).
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      token = newPageToken();
      asked = false;
      leaving = false;
      setLock({ state: 'none' });
      lastRead = 0;
      void sync.current('open');
    };
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', restored);
    window.addEventListener('focus', comeBack);
    document.addEventListener('visibilitychange', comeBack);
    return () => {
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', restored);
      window.removeEventListener('focus', comeBack);
      document.removeEventListener('visibilitychange', comeBack);
      leave();
    };
  }, [key, replaceView, adoptView, queryClient]);

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
    async (status: SaveRevisionBody['status'], automatic = false, sendForSignOff = false) => {
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
        ...(sendForSignOff ? { sendForSignOff: true } : {}),
      });
      saving.current = run;
      setIsSaving(true);
      try {
        const answer = await run;
        const next = mergeSavedRevision(viewRef.current, answer);
        replaceView(next);
        // A page whose questions fail the submit's checks is not complete (decision 0036): the server
        // kept only the ticks that stand; shown unless the person has ticked something since.
        if (completedRef.current === sent.pages && !samePages(answer.completedPages, sent.pages)) {
          completedRef.current = answer.completedPages;
          setCompletedPages(answer.completedPages);
          sent.pages = answer.completedPages;
        }
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
        // Known by its code, whatever its words: the lock was lost (it lapsed, or was released to someone).
        if (hasCode(error, 'lock_required')) setLock(refusedBy(error));
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
    await sync.current('reload');
    setStale(false);
    setProblem(null);
    setFieldErrors({});
    setBackup(readBackup(key));
  }, [key]);

  /** Reads the return again and tries the lock (after someone released it from this page). */
  const refresh = useCallback(() => sync.current('reload'), []);

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
    refresh,
    /** Shows these field messages at their questions and in the summary (a page's checks before its tick). */
    showFieldErrors: setFieldErrors,
    mergeValues,
    restoreBackup,
    discardBackup,
  };
}

const samePages = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

function lockFields(view: SubmissionView) {
  const { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe } = view;
  return { isLocked, lockedBy, lockedOn, lockExpiresAt, lockedByMe };
}
