import type { SubmissionView } from '@dcf/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer, useRef, useState } from 'react';
import { type SubmissionPageKey, submissionKeys } from '../../api/submissions';
import type { FormData } from '../../formio/form-renderer';
import { parseContent } from './compare-revisions';
import { entryReducer, initialEntryState } from './entry-state';
import { clearBackup, type FormBackup, readBackup, writeBackup } from './form-backup';
import { sameContent, samePages, stableJson } from './same-content';
import type { Baseline } from './use-save-revision';

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

/** The view shown, also read by callbacks that outlive a render; the cached view follows every change. */
export function useEntryView(key: SubmissionPageKey, initial: SubmissionView) {
  const [view, setView] = useState(initial);
  const viewRef = useRef(initial);
  const queryClient = useQueryClient();
  // The cached view follows every change, so coming back to the page starts from the latest save.
  const replaceView = useCallback(
    (next: SubmissionView) => {
      viewRef.current = next;
      setView(next);
      queryClient.setQueryData(submissionKeys.view(key), next);
    },
    [queryClient, key],
  );
  return { view, viewRef, replaceView };
}

/**
 * The person's data on the form-entry page: what is shown (the reducer of entry-state.ts), what callbacks
 * read between renders (refs: the data on screen, the ticked pages, what the server holds), and how a
 * view read from the server or a change of theirs comes in. A change is kept in the tab's backup.
 */
export function useEntryData(
  key: SubmissionPageKey,
  initial: SubmissionView,
  entryView: ReturnType<typeof useEntryView>,
  readData: () => FormData | undefined,
  readExplanations?: () => Record<string, string> | undefined,
) {
  const { viewRef, replaceView } = entryView;
  const [state, dispatch] = useReducer(entryReducer, undefined, () =>
    initialEntryState(
      parseContent(initial.content),
      initial.completedPages,
      initial.canEdit,
      differingBackup(key, initial),
    ),
  );
  const dataRef = useRef<FormData>(state.loaded.data);
  const completedRef = useRef(state.completedPages);
  // Compared by content, not by counting events, because Form.io reports changes a little late. The
  // explanations of data quality warnings count too (their text, blank ones left out).
  const explanationsNow = useCallback(() => stableJson(readExplanations?.() ?? {}), [readExplanations]);
  const saved = useRef<Baseline>({
    data: state.loaded.data,
    pages: initial.completedPages,
    explanations: '{}',
  });
  const differsFromSaved = useCallback(
    (data: FormData, pages: readonly string[], explanations = explanationsNow()) =>
      !sameContent(data, saved.current.data) ||
      !samePages(pages, saved.current.pages) ||
      explanations !== saved.current.explanations,
    [explanationsNow],
  );

  /**
   * Shows a view read from the server: with its answers when the person has nothing unsaved, else
   * only what it says of the lock and the abilities (the answers typed stay; a save will tell if the
   * return changed meanwhile).
   */
  const adoptView = useCallback(
    (next: SubmissionView, discardUnsaved = false) => {
      const current = viewRef.current;
      if (!discardUnsaved && differsFromSaved(readData() ?? dataRef.current, completedRef.current)) {
        const { content, completedPages, currentRevisionId } = current;
        replaceView({ ...next, content, completedPages, currentRevisionId });
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
        saved.current = { ...saved.current, data, pages: next.completedPages };
        dispatch({ type: 'loaded', data, pages: next.completedPages, asChange: false });
      }
    },
    [differsFromSaved, readData, replaceView, viewRef],
  );

  const markChanged = useCallback(() => {
    const changed = differsFromSaved(dataRef.current, completedRef.current);
    dispatch({ type: 'changed', dirty: changed });
    if (!changed) return;
    writeBackup(key, {
      data: dataRef.current,
      completedPages: completedRef.current,
      baseRevisionId: viewRef.current.currentRevisionId,
      changedAt: new Date().toISOString(),
    });
  }, [key, differsFromSaved, viewRef]);

  /** Loads other data into the form (rebuilding it), as a change of the person's. */
  const load = useCallback((data: FormData, pages: string[]) => {
    dataRef.current = data;
    completedRef.current = pages;
    dispatch({ type: 'loaded', data, pages, asChange: true });
  }, []);

  return {
    state,
    dispatch,
    dataRef,
    completedRef,
    saved,
    explanationsNow,
    differsFromSaved,
    adoptView,
    markChanged,
    load,
  };
}

/** What the person does to the data: answers, ticks, explanations, a template's values, the backup. */
export function useEntryChanges(
  key: SubmissionPageKey,
  data: ReturnType<typeof useEntryData>,
  readData: () => FormData | undefined,
) {
  const { state, dispatch, dataRef, completedRef, saved, explanationsNow, markChanged, load } = data;
  const { backup } = state;
  return {
    onChange: useCallback(
      (next: FormData, modified: boolean) => {
        dataRef.current = next;
        if (modified) markChanged();
      },
      [dataRef, markChanged],
    ),
    setPageComplete: useCallback(
      (pageKey: string, complete: boolean) => {
        const next = completedRef.current.filter((k) => k !== pageKey);
        if (complete) next.push(pageKey);
        completedRef.current = next;
        dispatch({ type: 'pages', pages: next });
        markChanged();
      },
      [completedRef, dispatch, markChanged],
    ),
    /** An explanation was typed: a change like any answer's. */
    explanationChanged: markChanged,
    /** The explanations saved with the return are in: they are what counts as saved from now on. */
    explanationsLoaded: useCallback(() => {
      saved.current = { ...saved.current, explanations: explanationsNow() };
    }, [saved, explanationsNow]),
    /** Answers from elsewhere (a filled Excel template) merged over the screen's; saved only when saved. */
    mergeValues: useCallback(
      (values: FormData) => {
        load({ ...(readData() ?? dataRef.current), ...values }, completedRef.current);
        markChanged();
      },
      [load, markChanged, readData, dataRef, completedRef],
    ),
    restoreBackup: useCallback(() => {
      if (!backup) return;
      load(backup.data, backup.completedPages);
      dispatch({ type: 'backupCleared' });
    }, [backup, load, dispatch]),
    discardBackup: useCallback(() => {
      clearBackup(key);
      dispatch({ type: 'backupCleared' });
    }, [key, dispatch]),
    /** Shows these field messages at their questions and in the summary (a page's checks before its tick). */
    showFieldErrors: useCallback(
      (fieldErrors: Record<string, string[]>) => dispatch({ type: 'fieldErrors', fieldErrors }),
      [dispatch],
    ),
  };
}
