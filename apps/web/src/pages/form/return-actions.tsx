import type { UncheckedRule } from '@dcf/forms';
import { Link, useNavigate } from 'react-router';
import type { SubmissionPageKey } from '../../api/submissions';
import { paths } from '../../app/paths';
import type { useNotification } from '../../components';
import { ReturnRulesNotChecked } from '../data-quality/rules-not-checked';
import type { DataQualityState } from '../data-quality/use-data-quality';
import { DownloadButtons } from './download-buttons';
import { ManagerActions } from './manager-actions';
import type { ReturnOutcome } from './outcomes';
import { SendBackForm } from './send-back';
import type { useFormEntry } from './use-form-entry';

export interface ReturnActionsProps {
  pageKey: SubmissionPageKey;
  entry: ReturnType<typeof useFormEntry>;
  /** Link to the revisions list. */
  revisionsHref: string;
  /** The form's rules that could not be evaluated on these answers (decision 0030). */
  unchecked: readonly UncheckedRule[];
  /** Every data quality finding of the answers. */
  findings: DataQualityState['findings'];
  notify: ReturnType<typeof useNotification>['notify'];
  /** Goes to the page once the view handed over has rendered. */
  goAfterRender: (to: string) => void;
}

/**
 * Below the form: the downloads and the revisions of a saved return, the rules not checked (to a
 * manager), and the actions on the return as a whole (send back, authorise, return, reopen).
 */
export function ReturnActions({
  pageKey,
  entry,
  revisionsHref,
  unchecked,
  findings,
  notify,
  goAfterRender,
}: ReturnActionsProps) {
  const { view } = entry;
  const navigate = useNavigate();
  const { collectionId, organisationId, reportingPeriodId } = pageKey;
  const confirmation = (outcome: ReturnOutcome) =>
    paths.formConfirmation(collectionId, organisationId, reportingPeriodId, outcome);
  return (
    <>
      {view.submissionId !== null && view.currentRevisionId !== null ? (
        <DownloadButtons
          collectionId={collectionId}
          submissionId={view.submissionId}
          formId={view.form?.id ?? null}
          baseName={`${view.organisationCode}-${view.period.name}`.replace(/[^A-Za-z0-9-]+/g, '-')}
          onError={(message) => notify({ variant: 'error', message })}
        />
      ) : null}
      {view.submissionId !== null ? (
        <p className="nhsuk-body">
          <Link to={revisionsHref}>Revisions</Link>
        </p>
      ) : null}
      {view.canChangeRules ? (
        <ReturnRulesNotChecked collectionId={collectionId} formRules={unchecked} findings={findings} />
      ) : null}
      <SendBackForm
        view={view}
        onSent={(sent) => {
          entry.replaceView(sent);
          goAfterRender(confirmation('sentBack'));
        }}
      />
      <ManagerActions
        pageKey={pageKey}
        view={view}
        onView={entry.replaceView}
        onDone={(message) => notify({ variant: 'success', message, stayOpen: true })}
        onOutcome={(outcome) => void navigate(confirmation(outcome))}
      />
    </>
  );
}
