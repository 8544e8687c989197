import { formatMediumDateTime, messages, type SubmissionView } from '@dcf/domain';
import { useState } from 'react';
import { Checkbox, InsetText, SaveButton } from '../../components';
import type { WizardPage } from '../../formio/form-renderer';

/** The presentational parts of the form-entry page (form-entry.tsx): its actions, tick and notices. */

export type SaveAction = 'draft' | 'completed' | 'sendForSignOff';

export function SaveActions({
  view,
  onSave,
  lastSaved,
  isSaving,
  uploading,
}: {
  view: SubmissionView;
  onSave: (action: SaveAction) => Promise<void>;
  lastSaved: { at: Date; automatic: boolean } | null;
  isSaving: boolean;
  uploading: boolean;
}) {
  return (
    <div className="dcf-form-actions">
      {view.canSendForSignOff ? (
        <InsetText id="submit-unavailable">
          <p>
            An authoriser of {view.organisationName} submits this return. When it is complete, send it to them
            for sign-off: it is checked as a submit would be first.
          </p>
        </InsetText>
      ) : !view.canSubmit && view.readOnlyReason ? (
        <InsetText id="submit-unavailable">
          <p>{view.readOnlyReason}</p>
        </InsetText>
      ) : null}
      <div className="nhsuk-button-group">
        <SaveButton secondary onSave={() => onSave('draft')} disabled={uploading}>
          Save draft
        </SaveButton>
        {view.canSendForSignOff ? (
          <SaveButton onSave={() => onSave('sendForSignOff')} disabled={uploading}>
            Send for sign-off
          </SaveButton>
        ) : (
          <SaveButton onSave={() => onSave('completed')} disabled={!view.canSubmit || uploading}>
            Submit
          </SaveButton>
        )}
      </div>
      <p className="nhsuk-body-s" role="status">
        {isSaving
          ? ''
          : lastSaved
            ? `${lastSaved.automatic ? 'Draft saved automatically' : 'Saved'} at ${formatMediumDateTime(lastSaved.at)}`
            : ''}
      </p>
    </div>
  );
}

/** 'This page is complete' under a wizard page, naming the page for screen readers. */
export function PageCompleteTick({
  page,
  checked,
  disabled,
  error,
  onChange,
}: {
  page: WizardPage;
  checked: boolean;
  disabled: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      id={`dcf-page-complete-${page.key}`}
      label={
        <>
          This page is complete<span className="nhsuk-u-visually-hidden"> ({page.title})</span>
        </>
      }
      checked={checked}
      disabled={disabled}
      error={error ?? undefined}
      onChange={onChange}
    />
  );
}

export function StaleWarning({ onReload }: { onReload: () => Promise<void> }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1}>
      <h2 className="nhsuk-error-summary__title">{messages.submissionStale}</h2>
      <div className="nhsuk-error-summary__body">
        <p>
          Your changes have not been saved. They are kept in this browser tab: after reloading you can restore
          them on top of the latest version.
        </p>
        {failed ? <p className="nhsuk-error-message">{messages.somethingWentWrong}</p> : null}
        <button
          type="button"
          className="nhsuk-button"
          onClick={() =>
            onReload()
              .then(() => setFailed(false))
              .catch(() => setFailed(true))
          }
        >
          Reload the latest version
        </button>
      </div>
    </div>
  );
}

export function RestoreOffer({
  changedAt,
  canRestore,
  onRestore,
  onDiscard,
}: {
  changedAt: string;
  canRestore: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section className="nhsuk-notification-banner" aria-labelledby="restore-title">
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id="restore-title">
          Important
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        <p className="nhsuk-notification-banner__heading">
          You have changes that were not saved (last change {formatMediumDateTime(changedAt)}).
        </p>
        <div className="nhsuk-button-group">
          {canRestore ? (
            <button type="button" className="nhsuk-button" onClick={onRestore}>
              Restore my changes
            </button>
          ) : null}
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onDiscard}>
            Discard them
          </button>
        </div>
      </div>
    </section>
  );
}

export function ProblemSummary({ message }: { message: string }) {
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1}>
      <h2 className="nhsuk-error-summary__title">{messages.errorSummaryHeading}</h2>
      <div className="nhsuk-error-summary__body">
        <p>{message}</p>
      </div>
    </div>
  );
}
