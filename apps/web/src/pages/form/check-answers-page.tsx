import { messages, type SubmissionView } from '@dcf/domain';
import { evaluateForm, type FormDefinition, formAnswers } from '@dcf/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldErrorsOf, problemText } from '../../api/problems';
import {
  newPageToken,
  releaseLock,
  type SubmissionPageKey,
  saveRevision,
  submissionKeys,
  takeLock,
  useSubmission,
} from '../../api/submissions';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, Checkbox, PageContainer, QueryState } from '../../components';
import { DataQualityPanel } from '../data-quality/entry-panel';
import { useDataQuality } from '../data-quality/use-data-quality';
import { AnswersSummary } from './answers-summary';
import { CheckProblems, DECLARATION_ID, explanationsAskedFor, fieldLinksOf } from './check-problems';
import { parseContent } from './compare-revisions';
import type { ReturnOutcome } from './outcomes';
import { returnCrumbs } from './return-crumbs';

const asId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined);
const TITLE = 'Check your answers before submitting your return';

/**
 * Check your answers (route: /form/collection/{collectionId}/organisation/{organisationId}/reportingPeriod/
 * {reportingPeriodId}/check, decision 0016). The form's Submit saves a draft and comes here: every answer
 * of the saved return in form order with Change links back to the question, the declaration, and
 * 'Submit return', which submits that saved revision (naming it as the base) with the declaration.
 */
export function CheckAnswersPage() {
  const params = useParams();
  const collectionId = asId(params.collectionId);
  const organisationId = asId(params.organisationId);
  const reportingPeriodId = asId(params.reportingPeriodId);
  if (collectionId === undefined || organisationId === undefined || reportingPeriodId === undefined)
    return (
      <PageContainer title={TITLE}>
        <p className="nhsuk-body">This return does not exist.</p>
      </PageContainer>
    );
  return (
    <CheckAnswersScreen
      key={`${collectionId}-${organisationId}-${reportingPeriodId}`}
      pageKey={{ collectionId, organisationId, reportingPeriodId }}
    />
  );
}

function CheckAnswersScreen({ pageKey }: { pageKey: SubmissionPageKey }) {
  const user = useUser();
  const submission = useSubmission(pageKey);
  const formHref = paths.form(pageKey.collectionId, pageKey.organisationId, pageKey.reportingPeriodId);
  const name = submission.data?.collectionName ?? 'Form';
  return (
    <PageContainer
      title={TITLE}
      breadcrumbs={
        <Breadcrumbs
          items={[
            ...returnCrumbs(user, { ...pageKey, periodName: submission.data?.period.name }),
            { text: name, href: formHref },
            { text: 'Check your answers' },
          ]}
        />
      }
    >
      {submission.data ? (
        <p className="nhsuk-lede-text">
          {submission.data.collectionName}: {submission.data.organisationName} (
          {submission.data.organisationCode}), {submission.data.period.name}
        </p>
      ) : null}
      <QueryState query={submission}>
        {(view) => <CheckAnswers pageKey={pageKey} view={view} formHref={formHref} />}
      </QueryState>
    </PageContainer>
  );
}

function CheckAnswers({
  pageKey,
  view,
  formHref,
}: {
  pageKey: SubmissionPageKey;
  view: SubmissionView;
  formHref: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const definition = (view.form?.definition ?? null) as FormDefinition | null;
  const items = useMemo(() => {
    if (!definition) return [];
    const content = parseContent(view.content);
    // What the form's conditions hide for these answers is left out, as in the PDF.
    const { hidden } = evaluateForm(definition, content, 'draft');
    return formAnswers(definition, content, { hidden });
  }, [definition, view.content]);
  // The data quality findings and explanations, shown to whoever signs the return off (decision 0028).
  const content = useMemo(() => parseContent(view.content), [view.content]);
  const quality = useDataQuality(pageKey, content);
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
  const changeHref = (path: string) => paths.formField(collectionId, organisationId, reportingPeriodId, path);

  if (!definition) return <p className="nhsuk-body">{messages.noFormDefinition}</p>;
  if (view.submissionId === null || view.currentRevisionId === null)
    return (
      <p className="nhsuk-body">
        Nothing has been saved in this return yet. <Link to={formHref}>Go back to the form</Link>
      </p>
    );
  const submissionId = view.submissionId;
  const baseRevisionId = view.currentRevisionId;
  const cannotSubmit = !view.canEdit || !view.canSubmit;

  const showProblems = () => setAttempt((n) => n + 1);
  const submit = async () => {
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
        explanations: quality.readExplanations(),
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

  const fieldLinks = fieldLinksOf(fieldErrors, changeHref);
  const hasProblems = fieldLinks.length > 0 || declarationError || problem !== null;
  const missingExplanations = explanationsAskedFor(fieldErrors);
  return (
    <>
      {hasProblems ? (
        <CheckProblems
          summaryRef={summary}
          problem={problem}
          fieldLinks={fieldLinks}
          declarationError={declarationError}
        />
      ) : null}

      <AnswersSummary
        items={items}
        isWizard={definition.display === 'wizard'}
        changeHref={view.canEdit ? changeHref : undefined}
      />

      <DataQualityPanel
        quality={quality}
        definition={definition}
        answers={content}
        editable={!cannotSubmit}
        missingExplanations={missingExplanations}
      />

      {cannotSubmit ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>{view.readOnlyReason ?? messages.submissionNoEditRole}</p>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <h2 className="nhsuk-heading-m">Declaration</h2>
          <Checkbox
            id={DECLARATION_ID}
            name={DECLARATION_ID}
            label={messages.submissionDeclaration}
            checked={confirmed}
            error={declarationError ? messages.submissionDeclarationRequired : undefined}
            onChange={setConfirmed}
          />
          <div className="nhsuk-button-group">
            <button type="submit" className="nhsuk-button" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit return'}
            </button>
            <Link to={formHref} className="nhsuk-link">
              Go back to the form
            </Link>
          </div>
        </form>
      )}
    </>
  );
}
