import type { SubmissionView } from '@dcf/domain';
import { useId, useState } from 'react';
import { fieldErrorsOf, problemText } from '../../api/problems';
import { sendBack } from '../../api/submissions';
import { TextAreaField } from '../../components';

/**
 * The organisation's authoriser sends a draft back to its clerks with a reason instead of signing it
 * off (decision 0036). `onSent` gets the view after it (the page then confirms it).
 */
export function SendBackForm({
  view,
  onSent,
}: {
  view: SubmissionView;
  onSent: (view: SubmissionView) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submissionId = view.submissionId;
  if (!view.canSendBack || submissionId === null) return null;
  const submit = async () => {
    setBusy(true);
    try {
      const next = await sendBack(submissionId, reason);
      setError(null);
      onSent(next);
    } catch (e) {
      setError(fieldErrorsOf(e)?.reason?.join(', ') ?? problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 className="nhsuk-heading-m" id={`${id}-title`}>
        Send this return back
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <TextAreaField
          id={`${id}-reason`}
          name="reason"
          rows={3}
          label="What needs to change before you can sign it off"
          hint={`The data entry clerks of ${view.organisationName} are emailed this and see it on the return.`}
          value={reason}
          onChange={setReason}
          error={error ?? undefined}
        />
        <button
          type="submit"
          className="nhsuk-button nhsuk-button--secondary"
          aria-disabled={busy || undefined}
        >
          Send back to the clerk
        </button>
      </form>
    </section>
  );
}
