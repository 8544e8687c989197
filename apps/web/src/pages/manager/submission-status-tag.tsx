import {
  type PeriodSubmissionStatus,
  periodSubmissionStatusLabels,
  type SubmissionDisplayState,
} from '@dcf/domain';

/** The words a person reads for each status (the API's values are camelCase identifiers). */
export const statusLabels = periodSubmissionStatusLabels;

const statusClass: Record<PeriodSubmissionStatus, string> = {
  notYetRequired: 'nhsuk-tag--grey',
  notStarted: 'nhsuk-tag--white',
  draft: 'nhsuk-tag--yellow',
  completed: 'nhsuk-tag--green',
  missed: 'nhsuk-tag--red',
};

/** One organisation's status in a period, as an NHS.UK tag (manager views). */
export function SubmissionStatusTag({ status }: { status: PeriodSubmissionStatus }) {
  return <strong className={`nhsuk-tag ${statusClass[status]}`}>{statusLabels[status]}</strong>;
}

const displayClass: Record<SubmissionDisplayState, string> = {
  Complete: 'nhsuk-tag--green',
  Open: 'nhsuk-tag--aqua-green',
  Future: 'nhsuk-tag--blue',
  Closed: 'nhsuk-tag--grey',
  Missed: 'nhsuk-tag--red',
};

/** The submitter's display state (Closed, Open, Future, Complete, Missed) as an NHS.UK tag. */
export function DisplayStateTag({ state }: { state: SubmissionDisplayState }) {
  return <strong className={`nhsuk-tag ${displayClass[state]}`}>{state}</strong>;
}
