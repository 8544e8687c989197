import { messages, type SubmissionView } from '@dcf/domain';
import { evaluateForm, type FormDefinition, formAnswers } from '@dcf/forms';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { type SubmissionPageKey, useSubmission } from '../../api/submissions';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, InsetText, PageContainer, QueryState } from '../../components';
import { DataQualityPanel } from '../data-quality/entry-panel';
import { useDataQuality } from '../data-quality/use-data-quality';
import { AnswersSummary } from './answers-summary';
import { CheckProblems, explanationsAskedFor, fieldLinksOf } from './check-problems';
import { parseContent } from './compare-revisions';
import { DeclarationForm } from './declaration-form';
import { returnCrumbs } from './return-crumbs';
import { returnRoute } from './return-route';
import { useSubmitReturn } from './use-submit-return';

const TITLE = 'Check your answers before submitting your return';

/**
 * Check your answers (route: /form/collection/{collectionId}/organisation/{organisationId}/reportingPeriod/
 * {reportingPeriodId}/check, decision 0016). The form's Submit saves a draft and comes here: every answer
 * of the saved return in form order with Change links back to the question, the declaration, and
 * 'Submit return', which submits that saved revision (naming it as the base) with the declaration.
 */
export function CheckAnswersPage() {
  const params = useParams();
  const { collectionId, organisationId, reportingPeriodId } = returnRoute(params);
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
  const { confirmed, setConfirmed, declarationError, fieldErrors, problem, submitting, summary, submit } =
    useSubmitReturn(pageKey, view, quality.readExplanations);
  const { collectionId, organisationId, reportingPeriodId } = pageKey;
  const changeHref = (path: string) => paths.formField(collectionId, organisationId, reportingPeriodId, path);

  if (!definition) return <p className="nhsuk-body">{messages.noFormDefinition}</p>;
  if (view.submissionId === null || view.currentRevisionId === null)
    return (
      <p className="nhsuk-body">
        Nothing has been saved in this return yet. <Link to={formHref}>Go back to the form</Link>
      </p>
    );
  const cannotSubmit = !view.canEdit || !view.canSubmit;
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
        <InsetText>
          <p>{view.readOnlyReason ?? messages.submissionNoEditRole}</p>
        </InsetText>
      ) : (
        <DeclarationForm
          confirmed={confirmed}
          onConfirmed={setConfirmed}
          declarationError={declarationError}
          submitting={submitting}
          formHref={formHref}
          onSubmit={() => void submit()}
        />
      )}
    </>
  );
}
