import { messages, type SubmissionView } from '@dcf/domain';
import { DateTime } from 'luxon';
import { useId, useState } from 'react';
import { fieldErrorsOf, problemText } from '../../api/problems';
import { authoriseNhsi, reopenReturn, returnSubmission, type SubmissionPageKey } from '../../api/submissions';
import { DateInput, ErrorMessage } from '../../components';

export interface ManagerActionsProps {
  pageKey: SubmissionPageKey;
  view: SubmissionView;
  onView: (view: SubmissionView) => void;
  /** A notice for the page (a lock released, a return reopened): it stays until dismissed. */
  onDone: (message: string) => void;
  /** The end of the return's journey for this person: the confirmation page (decision 0037). */
  onOutcome: (outcome: 'nhsiAuthorised' | 'returned') => void;
}

/**
 * What a manager can do from the form page: return a submitted return with a reason, reopen it for this
 * organisation after close until a date; and, for a management-organisation user, authorise it for
 * NHSI. Releasing someone's lock is in the lock notice (lock-notice.tsx), for managers and the
 * organisation's authorisers alike.
 */
export function ManagerActions({ pageKey, view, onView, onDone, onOutcome }: ManagerActionsProps) {
  // Each action as the API's policy allows it (the view's abilities), never worked out from roles.
  const submissionId = view.submissionId;
  const nhsi = view.canAuthoriseNhsi && submissionId !== null;
  const canReturn = view.canReturn && submissionId !== null;
  // Offered once the period has closed; a return never started can be reopened too.
  const canReopen = view.canReopen && view.period.reportingPeriodStatus === 'Closed';
  if (!nhsi && !canReturn && !canReopen) return null;
  return (
    <section className="dcf-manager-actions" aria-labelledby="manager-actions-title">
      <h2 className="nhsuk-heading-m" id="manager-actions-title">
        Manage this return
      </h2>
      {nhsi && submissionId !== null ? (
        <ActionButton
          label="Authorise for NHSI"
          run={() => authoriseNhsi(submissionId)}
          onView={onView}
          onDone={() => onOutcome('nhsiAuthorised')}
        />
      ) : null}
      {canReturn && submissionId !== null ? (
        <ReturnForm submissionId={submissionId} onView={onView} onDone={() => onOutcome('returned')} />
      ) : null}
      {canReopen ? <ReopenForm pageKey={pageKey} onView={onView} onDone={onDone} /> : null}
    </section>
  );
}

function ActionButton({
  label,
  run,
  onView,
  onDone,
}: {
  label: string;
  run: () => Promise<SubmissionView>;
  onView: (view: SubmissionView) => void;
  onDone: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="nhsuk-form-group">
      {error ? <p className="nhsuk-error-message">{error}</p> : null}
      <button
        type="button"
        className="nhsuk-button"
        onClick={() =>
          run()
            .then((next) => {
              setError(null);
              onView(next);
              onDone();
            })
            .catch((e: unknown) => setError(problemText(e)))
        }
      >
        {label}
      </button>
    </div>
  );
}

function ReturnForm({
  submissionId,
  onView,
  onDone,
}: {
  submissionId: number;
  onView: (view: SubmissionView) => void;
  onDone: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    returnSubmission(submissionId, reason)
      .then((next) => {
        setReason('');
        setError(null);
        onView(next);
        onDone();
      })
      .catch((e: unknown) => setError(fieldErrorsOf(e)?.reason?.join(', ') ?? problemText(e)));
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <label className="nhsuk-label" htmlFor={`${id}-reason`}>
        Reason for returning it for correction
      </label>
      <ErrorMessage fieldId={id} error={error} />
      <textarea
        className={`nhsuk-textarea${error ? ' nhsuk-textarea--error' : ''}`}
        id={`${id}-reason`}
        rows={3}
        value={reason}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={() => void submit()}>
        Return for correction
      </button>
    </div>
  );
}

function ReopenForm({
  pageKey,
  onView,
  onDone,
}: {
  pageKey: SubmissionPageKey;
  onView: (view: SubmissionView) => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    // The end of the chosen day in London: the return stays open through that whole day.
    const until = DateTime.fromISO(date, { zone: 'Europe/London' }).endOf('day');
    if (!date || !until.isValid) {
      setError(date ? messages.invalidDate : 'Enter the date until which it is reopened');
      return;
    }
    reopenReturn(pageKey, until.toUTC().toISO() ?? '')
      .then((next) => {
        setError(null);
        onView(next);
        onDone('The return has been reopened for this organisation.');
      })
      .catch((e: unknown) => setError(fieldErrorsOf(e)?.until?.join(', ') ?? problemText(e)));
  };
  return (
    <>
      <DateInput
        id={`${id}-until`}
        label="Reopen for this organisation until"
        value={date}
        onChange={setDate}
        error={error ?? undefined}
      />
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={submit}>
        Reopen
      </button>
    </>
  );
}
