import {
  type ManagerCollection,
  menuSections,
  type SubmitterReturn,
  type WorklistKind,
  worklistTitles,
} from '@dcf/domain';
import { Link } from 'react-router';
import { useSubmitterReturns } from '../../api/submitter-returns';
import { useManagerHome } from '../../api/views';
import { useWorklistCounts } from '../../api/worklists';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { receivedText } from '../manager/period-counts';
import { deadline } from '../schedule/period-dates';

/** How far ahead the panel looks for deadlines. */
const WINDOW_MS = 7 * 86_400_000;

const dueSoon = (instant: string, now: number) => {
  const at = Date.parse(instant);
  return at > now && at <= now + WINDOW_MS;
};

/** The close that applies now: the reclose once a reopen has started, otherwise the close. */
function currentClose(period: NonNullable<ManagerCollection['currentPeriod']>, now: number): string {
  return period.submissionsReopen && period.submissionsReclose && Date.parse(period.submissionsReopen) <= now
    ? period.submissionsReclose
    : period.submissionsClose;
}

/**
 * 'Needs your attention' on the landing page, loaded as its own chunk (React.lazy) so the
 * landing page's first JavaScript stays small: managers see their open periods closing in the next 7
 * days with received of expected; submitters their returns due in the next 7 days not yet completed.
 * Each is one request whatever the number of organisations (decision 0034: a clerk at 50 organisations
 * made 56 requests when each organisation's home was read).
 */
export default function NeedsAttention() {
  const user = useUser();
  const sections = menuSections(user);
  if (!sections.manager && !sections.submitter && !user.isManagementOrganisationUser) return null;
  return (
    <section aria-labelledby="needs-attention-heading">
      <h2 className="nhsuk-heading-m" id="needs-attention-heading">
        Needs your attention
      </h2>
      <WorklistCounts />
      {sections.manager ? <ClosingSoon /> : null}
      {sections.submitter ? <DueSoon /> : null}
    </section>
  );
}

const worklistPaths: Record<WorklistKind, string> = {
  signOff: paths.worklistSignOff,
  nhsiAuthorisation: paths.worklistNhsi,
  returned: paths.worklistReturned,
};

/** Each worklist the user's roles give them, with how many returns wait on it. */
function WorklistCounts() {
  const counts = useWorklistCounts();
  if (counts.isError) return <p className="nhsuk-body">Your worklists could not be loaded.</p>;
  if (!counts.data) return null;
  const data = counts.data;
  const kinds = (['nhsiAuthorisation', 'signOff', 'returned'] as const).filter((k) => data[k] !== null);
  if (kinds.length === 0) return null;
  return (
    <ul className="nhsuk-list" aria-label="Your worklists">
      {kinds.map((kind) => (
        <li key={kind}>
          <Link to={worklistPaths[kind]}>{worklistTitles[kind]}</Link>:{' '}
          <strong>{(data[kind] ?? 0).toLocaleString('en-GB')}</strong>{' '}
          {data[kind] === 1 ? 'return' : 'returns'}
        </li>
      ))}
    </ul>
  );
}

function ClosingSoon() {
  const home = useManagerHome();
  if (home.isError) return <p className="nhsuk-body">The periods you manage could not be loaded.</p>;
  if (!home.data) return null;
  const now = Date.now();
  const closing = home.data.collections.flatMap((c) => {
    const period = c.currentPeriod;
    if (period?.reportingPeriodStatus !== 'Open') return [];
    const close = currentClose(period, now);
    return dueSoon(close, now) ? [{ collection: c, period, close }] : [];
  });
  if (closing.length === 0)
    return <p className="nhsuk-body">None of the periods you manage closes in the next 7 days.</p>;
  return (
    <>
      <h3 className="nhsuk-heading-s">Periods closing in the next 7 days</h3>
      <ul className="nhsuk-list nhsuk-list--bullet">
        {closing.map(({ collection, period, close }) => (
          <li key={period.id}>
            <Link to={paths.managerReportingPeriod(period.id)}>
              {collection.name}: {period.name}
            </Link>{' '}
            closes {deadline(close)}; received {receivedText(period.counts)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The landing page's question, answered by the server in one request whatever the number of organisations. */
const dueSoonQuery = {
  periods: 'open',
  outstanding: true,
  dueWithinDays: 7,
  sortBy: 'deadline',
  sortOrder: 'ASC',
  page: 1,
  pageSize: 25,
} as const;

const statusTodo = (item: SubmitterReturn) =>
  item.status === 'notStarted'
    ? 'Not started'
    : item.returned
      ? 'Returned for correction'
      : 'Draft not yet submitted';

function DueSoon() {
  const list = useSubmitterReturns(dueSoonQuery);
  if (list.isError) return <p className="nhsuk-body">Your returns could not be loaded.</p>;
  if (!list.data) return null;
  const { items, total } = list.data;
  if (total === 0) return <p className="nhsuk-body">You have no return due in the next 7 days.</p>;
  return (
    <>
      <h3 className="nhsuk-heading-s">Returns due in the next 7 days</h3>
      <ul className="nhsuk-list nhsuk-list--bullet">
        {items.map((item) => (
          <li key={`${item.organisation.id}:${item.period.id}`}>
            <Link to={paths.form(item.collection.id, item.organisation.id, item.period.id)}>
              {item.collection.name}: {item.period.name}
            </Link>{' '}
            for {item.organisation.name}, {item.deadlineText} ({deadline(item.deadline)}). {statusTodo(item)}.
          </li>
        ))}
      </ul>
      {total > items.length ? (
        <p className="nhsuk-body">
          And {(total - items.length).toLocaleString('en-GB')} more:{' '}
          <Link to={paths.submitterHome}>see every return due</Link>.
        </p>
      ) : null}
    </>
  );
}
