import type { SubmissionView, WorklistKind } from '@dcf/domain';
import { Link } from 'react-router';
import { useSubmitterReturns } from '../../api/submitter-returns';
import { useWorklist } from '../../api/worklists';
import { paths } from '../../app/paths';
import { deadline } from '../schedule/period-dates';
import type { NextWork } from './outcomes';

interface Next {
  href: string;
  /** The return, in words: 'Collection: period for Organisation'. */
  text: string;
  /** When it is due, in words. */
  due: string;
}

const worklistPaths: Record<WorklistKind, string> = {
  signOff: paths.worklistSignOff,
  nhsiAuthorisation: paths.worklistNhsi,
  returned: paths.worklistReturned,
};

/**
 * "Your next return" on the confirmation page: the first piece of work on the person's own list that
 * is not this return, nearest deadline first (a submitter's open returns not yet submitted, the
 * authoriser's sign-off list, the NHSI list), and the whole list beside it. A manager goes back to the
 * period's monitoring.
 */
export function NextReturn({ work, view }: { work: NextWork; view: SubmissionView }) {
  if (work === 'period')
    return (
      <p className="nhsuk-body">
        <Link to={paths.managerReportingPeriod(view.reportingPeriodId)}>
          Back to the returns of {view.period.name}
        </Link>
      </p>
    );
  if (work === 'submitter') return <NextOwnReturn view={view} />;
  return <NextOnWorklist kind={work} view={view} />;
}

function NextLink({ next, list, listText }: { next: Next | null; list: string; listText: string }) {
  return (
    <>
      <h2 className="nhsuk-heading-m">Your next return</h2>
      {next ? (
        <p className="nhsuk-body">
          <Link to={next.href} data-testid="next-return">
            {next.text}
          </Link>{' '}
          ({next.due})
        </p>
      ) : (
        <p className="nhsuk-body">You have no other return waiting.</p>
      )}
      <p className="nhsuk-body">
        <Link to={list}>{listText}</Link>
      </p>
    </>
  );
}

function NextOnWorklist({ kind, view }: { kind: WorklistKind; view: SubmissionView }) {
  const list = useWorklist(kind);
  if (!list.data) return null;
  const item = list.data.items.find((i) => i.submissionId !== view.submissionId);
  const next = item
    ? {
        href: paths.form(item.collection.id, item.organisation.id, item.period.id),
        text: `${item.collection.name}: ${item.period.name} for ${item.organisation.name}`,
        due: `deadline: ${deadline(item.deadline)}`,
      }
    : null;
  return <NextLink next={next} list={worklistPaths[kind]} listText="See the whole list" />;
}

/** The submitter's returns in an open window not yet submitted, nearest deadline first, this one left out. */
function NextOwnReturn({ view }: { view: SubmissionView }) {
  const list = useSubmitterReturns({ periods: 'open', sortBy: 'deadline', sortOrder: 'ASC', pageSize: 100 });
  if (!list.data) return null;
  const item = list.data.items.find(
    (r) =>
      r.status !== 'completed' &&
      !(
        r.collection.id === view.collectionId &&
        r.organisation.id === view.organisationId &&
        r.period.id === view.reportingPeriodId
      ),
  );
  const next = item
    ? {
        href: paths.form(item.collection.id, item.organisation.id, item.period.id),
        text: `${item.collection.name}: ${item.period.name} for ${item.organisation.name}`,
        due: item.deadlineText,
      }
    : null;
  return <NextLink next={next} list={paths.submitterHome} listText="See all your returns" />;
}
