import type { SubmissionView } from '@dcf/domain';
import { useCallback, useMemo, useRef } from 'react';
import type { SubmissionPageKey } from '../../api/submissions';
import type { FormData } from '../../formio/form-renderer';
import type { LockState } from './entry-state';
import { readBackup } from './form-backup';
import { useAutosave } from './use-autosave';
import { useEntryChanges, useEntryData, useEntryView } from './use-entry-data';
import { useLockVisit } from './use-lock-visit';
import { useSaveRevision } from './use-save-revision';

/**
 * The form-entry page's state: the submission view, the lock (useLockVisit), the person's data and
 * changes (useEntryData, useEntryChanges), saving (useSaveRevision, and automatically: useAutosave), and
 * the sessionStorage backup that keeps their typing until a save succeeds. What is shown is in one
 * reducer (entry-state.ts); what callbacks read between renders is in refs.
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
  const entryView = useEntryView(key, initial);
  const { view, viewRef, replaceView } = entryView;
  const data = useEntryData(key, initial, entryView, readData, readExplanations);
  const { state, dispatch, adoptView } = data;
  const changes = useEntryChanges(key, data, readData);

  const lockRef = useRef(state.lock);
  lockRef.current = state.lock;
  const setLock = useCallback((lock: LockState) => dispatch({ type: 'lock', lock }), [dispatch]);
  const lockPage = useMemo(
    () => ({
      key,
      view: () => viewRef.current,
      lock: () => lockRef.current,
      setLock,
      replaceView,
      adoptView,
    }),
    [key, viewRef, setLock, replaceView, adoptView],
  );
  const sync = useLockVisit(lockPage);

  const { save, isSaving } = useSaveRevision({
    key,
    dispatch,
    view: viewRef,
    data: data.dataRef,
    completed: data.completedRef,
    saved: data.saved,
    replaceView,
    readData,
    readExplanations,
    explanationsNow: data.explanationsNow,
    differsFromSaved: data.differsFromSaved,
  });

  const editable = view.canEdit && state.lock.state === 'mine' && !state.stale;
  useAutosave({
    enabled: editable,
    pending: state.dirty,
    changeCount: state.changeCount,
    isSaving,
    save: () => save('draft', true),
  });

  /** After a stale save: fetch the latest version (the typing stays in the backup, offered to restore). */
  const reloadLatest = useCallback(async () => {
    await sync.current('reload');
    dispatch({ type: 'reloaded', backup: readBackup(key) });
  }, [key, sync, dispatch]);
  /** Reads the return again and tries the lock (after someone released it from this page). */
  const refresh = useCallback(() => sync.current('reload'), [sync]);

  const { lock, loaded, completedPages, isSaving: saving, dirty, stale, fieldErrors, problem } = state;
  return {
    ...changes,
    view,
    replaceView,
    lock,
    loaded,
    completedPages,
    save,
    isSaving: saving,
    dirty,
    editable,
    stale,
    fieldErrors,
    problem,
    lastSaved: state.lastSaved,
    backup: state.backup,
    reloadLatest,
    refresh,
  };
}
