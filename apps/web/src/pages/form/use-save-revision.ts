import { mergeSavedRevision, messages, type SaveRevisionBody, type SubmissionView } from '@dcf/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type RefObject, useCallback, useRef } from 'react';
import { fieldErrorsOf, hasCode, problemText } from '../../api/problems';
import { type SubmissionPageKey, saveRevision, submissionKeys } from '../../api/submissions';
import type { FormData } from '../../formio/form-renderer';
import type { EntryAction } from './entry-state';
import { clearBackup, writeBackup } from './form-backup';
import { refusedBy } from './lock-session';
import { samePages } from './same-content';

/** What the server holds (loaded or last saved): the page is dirty while the screen differs from it. */
export interface Baseline {
  data: FormData;
  pages: readonly string[];
  /** The explanations of data quality warnings, as stableJson of their text. */
  explanations: string;
}

export interface SaveContext {
  key: SubmissionPageKey;
  dispatch: Dispatch<EntryAction>;
  view: RefObject<SubmissionView>;
  data: RefObject<FormData>;
  completed: RefObject<string[]>;
  saved: RefObject<Baseline>;
  replaceView: (view: SubmissionView) => void;
  /** The data on screen now, read at save time (change events arrive a little later). */
  readData: () => FormData | undefined;
  readExplanations?: () => Record<string, string> | undefined;
  explanationsNow: () => string;
  differsFromSaved: (data: FormData, pages: readonly string[], explanations?: string) => boolean;
}

/**
 * Saving the return (a draft, by hand or automatically; a draft sent for sign-off), one save at a time.
 * Whatever goes wrong, what was sent stays in this tab's backup until a save succeeds. Answers the save,
 * and whether one runs now.
 */
export function useSaveRevision(context: SaveContext) {
  const queryClient = useQueryClient();
  const saving = useRef<Promise<unknown> | null>(null);
  const { key, dispatch, view, data, completed, saved, replaceView, readData, readExplanations } = context;
  const { explanationsNow, differsFromSaved } = context;

  const save = useCallback(
    async (status: SaveRevisionBody['status'], automatic = false, sendForSignOff = false) => {
      while (saving.current) await saving.current.catch(() => undefined);
      const submissionId = view.current.submissionId;
      if (submissionId === null) throw new Error(messages.submissionLockRequired);
      data.current = readData() ?? data.current;
      const sent = { data: data.current, pages: completed.current, explanations: explanationsNow() };
      const run = saveRevision(submissionId, {
        content: sent.data,
        status,
        baseRevisionId: view.current.currentRevisionId,
        completedPages: completed.current,
        explanations: readExplanations?.(),
        ...(sendForSignOff ? { sendForSignOff: true } : {}),
      });
      saving.current = run;
      dispatch({ type: 'saveStarted' });
      try {
        const answer = await run;
        const next = mergeSavedRevision(view.current, answer);
        replaceView(next);
        // A page whose questions fail the submit's checks is not complete (decision 0036): the server
        // kept only the ticks that stand; shown unless the person has ticked something since.
        if (completed.current === sent.pages && !samePages(answer.completedPages, sent.pages)) {
          completed.current = answer.completedPages;
          dispatch({ type: 'pages', pages: answer.completedPages });
          sent.pages = answer.completedPages;
        }
        // The revisions list, where shown, gains the new revision.
        void queryClient.invalidateQueries({ queryKey: submissionKeys.revisionsOf(submissionId) });
        saved.current = sent;
        const changedSince = differsFromSaved(readData() ?? data.current, completed.current);
        if (!changedSince) clearBackup(key);
        dispatch({ type: 'saved', at: new Date(), automatic, dirty: changedSince });
        return next;
      } catch (error) {
        const unsaved = differsFromSaved(sent.data, sent.pages, sent.explanations);
        if (unsaved)
          writeBackup(key, {
            data: sent.data,
            completedPages: sent.pages,
            baseRevisionId: view.current.currentRevisionId,
            changedAt: new Date().toISOString(),
          });
        dispatch({
          type: 'saveFailed',
          fieldErrors: fieldErrorsOf(error),
          problem: problemText(error),
          unsaved,
          stale: hasCode(error, 'stale_revision'),
          // Known by its code, whatever its words: the lock was lost (it lapsed, or was released to someone).
          lock: hasCode(error, 'lock_required') ? refusedBy(error) : undefined,
        });
        throw error;
      } finally {
        saving.current = null;
      }
    },
    [
      key,
      dispatch,
      view,
      data,
      completed,
      saved,
      replaceView,
      readData,
      readExplanations,
      explanationsNow,
      differsFromSaved,
      queryClient,
    ],
  );

  const isSaving = useCallback(() => saving.current !== null, []);
  return { save, isSaving };
}
