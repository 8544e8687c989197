import type { SubmissionView } from '@dcf/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, problemText } from '../../api/problems';
import {
  newPageToken,
  releaseLock,
  type SubmissionPageKey,
  saveRevision,
  submissionKeys,
  takeLock,
} from '../../api/submissions';
import { paths } from '../../app/paths';
import { parseContent } from './compare-revisions';
import type { ReturnOutcome } from './outcomes';

/**
 * Check your answers' 'Submit return': the declaration ticked, the saved revision submitted (naming it
 * as the base) under this page's own lock, then the confirmation page; or the problems of a refused
 * attempt, with focus moved to their summary.
 */
export function useSubmitReturn(
  pageKey: SubmissionPageKey,
  view: SubmissionView,
  readExplanations: () => Record<string, string> | undefined,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState(false);
  const [declarationError, setDeclarationError] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  // Each refused attempt moves focus to the summary, so screen-reader users hear the problems at once.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) summary.current?.focus();
  }, [attempt]);
  const { collectionId, organisationId, reportingPeriodId } = pageKey;

  const showProblems = () => setAttempt((n) => n + 1);
  const submit = async () => {
    const { submissionId, currentRevisionId: baseRevisionId } = view;
    // The declaration is only offered once the return has been saved.
    if (submissionId === null || baseRevisionId === null) return;
    setFieldErrors({});
    setProblem(null);
    if (!confirmed) {
      setDeclarationError(true);
      showProblems();
      return;
    }
    setDeclarationError(false);
    setSubmitting(true);
    let locked = false;
    // This page's own token (decision 0036): its release never drops a lock another page holds.
    const pageToken = newPageToken();
    try {
      // The form page let the lock go on leaving; a submit must hold it (decision 0006).
      await takeLock(pageKey, pageToken);
      locked = true;
      await saveRevision(submissionId, {
        content: parseContent(view.content),
        status: 'completed',
        baseRevisionId,
        completedPages: view.completedPages,
        declaration: true,
        explanations: readExplanations(),
      });
      await releaseLock(pageKey, { pageToken }).catch(() => undefined);
      locked = false;
      // A submit changes more than its answer says (who submitted, authorisation awaited): the
      // confirmation page and the form open on the view read again.
      await queryClient.invalidateQueries({ queryKey: submissionKeys.view(pageKey) });
      // Where the trust must authorise, whoever could submit is its authoriser: they signed it off.
      const outcome: ReturnOutcome = view.isTrustAuthorisationRequired ? 'authorised' : 'submitted';
      await navigate(paths.formConfirmation(collectionId, organisationId, reportingPeriodId, outcome));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        const { declaration, ...others } = fields;
        setDeclarationError(declaration !== undefined);
        setFieldErrors(others);
      } else setProblem(problemText(error));
      showProblems();
    } finally {
      if (locked) await releaseLock(pageKey, { pageToken }).catch(() => undefined);
      setSubmitting(false);
    }
  };

  return { confirmed, setConfirmed, declarationError, fieldErrors, problem, submitting, summary, submit };
}
