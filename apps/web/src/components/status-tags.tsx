import {
  type CollectionStatus,
  type PeriodSubmissionStatus,
  periodSubmissionStatusLabels,
  type ReportingPeriodStatus,
  type SubmissionDisplayState,
} from '@dcf/domain';
import type { ReactNode } from 'react';

/** The NHS.UK tag colours (`nhsuk-tag--<colour>`). */
export type TagColour =
  | 'white'
  | 'grey'
  | 'green'
  | 'aqua-green'
  | 'blue'
  | 'purple'
  | 'pink'
  | 'red'
  | 'orange'
  | 'yellow';

/** An NHS.UK tag: a short status in a coloured box. */
export function Tag({ colour, children }: { colour: TagColour; children: ReactNode }) {
  return <strong className={`nhsuk-tag nhsuk-tag--${colour}`}>{children}</strong>;
}

// One colour per status, so a status looks the same on every page that shows it.

const collectionColour: Record<CollectionStatus, TagColour> = {
  draft: 'grey',
  published: 'green',
  archived: 'white',
};

/** A collection status's words, as its tag and the collection lists' Status filter show them. */
export const collectionStatusLabel: Record<CollectionStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

/** A collection's status (draft, published, archived). */
export function CollectionStatusTag({ status }: { status: CollectionStatus }) {
  return <Tag colour={collectionColour[status]}>{collectionStatusLabel[status]}</Tag>;
}

const periodColour: Record<ReportingPeriodStatus, TagColour> = {
  Open: 'green',
  Future: 'blue',
  Closed: 'grey',
};

/** A reporting period's status (Open, Future, Closed). */
export function PeriodStatusTag({ status }: { status: ReportingPeriodStatus }) {
  return <Tag colour={periodColour[status]}>{status}</Tag>;
}

const submissionColour: Record<PeriodSubmissionStatus, TagColour> = {
  notYetRequired: 'grey',
  notStarted: 'white',
  draft: 'yellow',
  completed: 'green',
  missed: 'red',
};

/** One organisation's status in a period, in the words of `periodSubmissionStatusLabels` (manager views). */
export function SubmissionStatusTag({ status }: { status: PeriodSubmissionStatus }) {
  return <Tag colour={submissionColour[status]}>{periodSubmissionStatusLabels[status]}</Tag>;
}

const displayColour: Record<SubmissionDisplayState, TagColour> = {
  Complete: 'green',
  Open: 'aqua-green',
  Future: 'blue',
  Closed: 'grey',
  Missed: 'red',
};

/** The submitter's display state of a return (Closed, Open, Future, Complete, Missed). */
export function DisplayStateTag({ state }: { state: SubmissionDisplayState }) {
  return <Tag colour={displayColour[state]}>{state}</Tag>;
}
