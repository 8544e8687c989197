import { formatMediumDateTime, type SubmissionView } from '@dcf/domain';
import { Tag, type TagColour } from '../../components';

const statusText: Record<SubmissionView['status'], string> = {
  none: 'Not started',
  draft: 'Draft',
  completed: 'Submitted',
};
const statusTag: Record<SubmissionView['status'], TagColour> = {
  none: 'grey',
  draft: 'blue',
  completed: 'green',
};

/**
 * The return's state: status, who submitted it, and the workflow notices (NHSI, returned, sent for
 * sign-off or sent back between clerk and authoriser, reopened).
 */
export function SubmissionBanners({ view }: { view: SubmissionView }) {
  return (
    <>
      <dl className="nhsuk-summary-list dcf-submission-summary">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Status</dt>
          <dd className="nhsuk-summary-list__value">
            <Tag colour={statusTag[view.status]}>{statusText[view.status]}</Tag>
          </dd>
        </div>
        {view.submittedBy && view.submittedAt ? (
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">Submitted</dt>
            <dd className="nhsuk-summary-list__value">
              {view.submittedBy.name}, {formatMediumDateTime(view.submittedAt)}
            </dd>
          </div>
        ) : null}
        {view.nhsiAuthorisedBy && view.nhsiAuthorisedAt ? (
          <div className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">NHSI authorisation</dt>
            <dd className="nhsuk-summary-list__value">
              {view.nhsiAuthorisedBy.name}, {formatMediumDateTime(view.nhsiAuthorisedAt)}
            </dd>
          </div>
        ) : null}
      </dl>
      {view.awaitingNhsiAuthorisation ? (
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span>
              <span className="nhsuk-u-visually-hidden">Important: </span>Awaiting NHSI authorisation
            </span>
          </h2>
          <p>This return is awaiting NHSI authorisation.</p>
        </div>
      ) : null}
      {view.returned ? (
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span>
              <span className="nhsuk-u-visually-hidden">Important: </span>Returned for correction
            </span>
          </h2>
          <p>
            Returned by {view.returned.by.name} on {formatMediumDateTime(view.returned.at)}. Reason:{' '}
            {view.returned.reason}
          </p>
        </div>
      ) : null}
      {view.sentBack ? (
        <div className="nhsuk-warning-callout">
          <h2 className="nhsuk-warning-callout__label">
            <span>
              <span className="nhsuk-u-visually-hidden">Important: </span>Sent back by an authoriser
            </span>
          </h2>
          <p>
            Sent back by {view.sentBack.by.name} on {formatMediumDateTime(view.sentBack.at)}. Reason:{' '}
            {view.sentBack.reason}
          </p>
        </div>
      ) : null}
      {view.sentForSignOff ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            Sent for sign-off by {view.sentForSignOff.by.name} on{' '}
            {formatMediumDateTime(view.sentForSignOff.at)}.
            {view.canSendForSignOff
              ? ' If you change it, send it again: until then it waits on nobody’s list.'
              : ''}
          </p>
        </div>
      ) : null}
      {view.reopenedUntil ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>Reopened for this organisation until {formatMediumDateTime(view.reopenedUntil)}.</p>
        </div>
      ) : null}
    </>
  );
}
