import { formatMediumDateTime, type SubmissionView } from '@dcf/domain';
import { InsetText, SummaryRow, Tag, type TagColour, WarningCallout } from '../../components';

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
        <SummaryRow label="Status">
          <Tag colour={statusTag[view.status]}>{statusText[view.status]}</Tag>
        </SummaryRow>
        {view.submittedBy && view.submittedAt ? (
          <SummaryRow label="Submitted">
            {view.submittedBy.name}, {formatMediumDateTime(view.submittedAt)}
          </SummaryRow>
        ) : null}
        {view.nhsiAuthorisedBy && view.nhsiAuthorisedAt ? (
          <SummaryRow label="NHSI authorisation">
            {view.nhsiAuthorisedBy.name}, {formatMediumDateTime(view.nhsiAuthorisedAt)}
          </SummaryRow>
        ) : null}
      </dl>
      {view.awaitingNhsiAuthorisation ? (
        <WarningCallout title="Awaiting NHSI authorisation">
          <p>This return is awaiting NHSI authorisation.</p>
        </WarningCallout>
      ) : null}
      {view.returned ? (
        <WarningCallout title="Returned for correction">
          <p>
            Returned by {view.returned.by.name} on {formatMediumDateTime(view.returned.at)}. Reason:{' '}
            {view.returned.reason}
          </p>
        </WarningCallout>
      ) : null}
      {view.sentBack ? (
        <WarningCallout title="Sent back by an authoriser">
          <p>
            Sent back by {view.sentBack.by.name} on {formatMediumDateTime(view.sentBack.at)}. Reason:{' '}
            {view.sentBack.reason}
          </p>
        </WarningCallout>
      ) : null}
      {view.sentForSignOff ? (
        <InsetText>
          <p>
            Sent for sign-off by {view.sentForSignOff.by.name} on{' '}
            {formatMediumDateTime(view.sentForSignOff.at)}.
            {view.canSendForSignOff
              ? ' If you change it, send it again: until then it waits on nobody’s list.'
              : ''}
          </p>
        </InsetText>
      ) : null}
      {view.reopenedUntil ? (
        <InsetText>
          <p>Reopened for this organisation until {formatMediumDateTime(view.reopenedUntil)}.</p>
        </InsetText>
      ) : null}
    </>
  );
}
