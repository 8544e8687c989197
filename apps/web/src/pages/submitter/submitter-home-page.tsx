import type { SubmitterHome, SubmitterPeriod } from '@dcf/domain';
import { Link } from 'react-router';
import { useSubmitterHomes } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { type Column, DataTable, DisplayStateTag, PageContainer, QueryState } from '../../components';
import { deadline } from '../schedule/period-dates';
import { WindowedPeriods } from '../schedule/windowed-periods';
import { GuidanceBox } from './collection-guidance';
import { ReturnsTable } from './returns-table';

const actionLabels = { start: 'Start', continue: 'Continue', view: 'View' } as const;

/**
 * Collections to submit (route: /collection/submit): every collection and organisation the user
 * submits for, each with its periods (open ones shown, Show earlier / Show later for the rest), their
 * state, deadline, what needs doing and a link to the form.
 */
export function SubmitterHomePage() {
  const user = useUser();
  // One organisation: its periods per collection, as before. Several (a clerk at 50 trusts): one
  // compact, paged table of every return (decision 0025), one request whatever their number.
  const organisations = new Set(user.collectionOrganisationRoles.map((r) => r.organisationId));
  return (
    <PageContainer title="Collections to submit" trail={[]}>
      {organisations.size > 1 ? <ReturnsTable /> : <OneOrganisation />}
    </PageContainer>
  );
}

/** One organisation: every collection's periods and guidance, from one request (decision 0034). */
function OneOrganisation() {
  const homes = useSubmitterHomes();
  return (
    <QueryState
      query={homes}
      isEmpty={(data) => data.items.length === 0}
      emptyMessage="You do not submit for any collection yet."
    >
      {(data) =>
        // More collections than one answer holds (SUBMITTER_HOMES_LIMIT): rather than leave some out
        // without a word, every return goes in the paged table a clerk at several organisations uses.
        data.total > data.items.length ? (
          <>
            <p className="nhsuk-body">
              You submit for {data.total} collections, so your returns are listed in one table. Filter it by
              collection to find one.
            </p>
            <ReturnsTable />
          </>
        ) : (
          data.items.map((home) => (
            <OrganisationPeriods key={`${home.collection.id}:${home.organisation.id}`} home={home} />
          ))
        )
      }
    </QueryState>
  );
}

/** One collection and organisation: its periods in the schedule view's window. */
function OrganisationPeriods({ home }: { home: SubmitterHome & { guidance: string | null } }) {
  // The window follows the organisation's own state: a period reopened for it counts as open.
  const periods = home.periods.map((p) => ({ ...p, reportingPeriodStatus: p.windowStatus }));
  const headingId = `collection-${home.collection.id}-organisation-${home.organisation.id}`;
  return (
    <section className="nhsuk-u-margin-bottom-7" aria-labelledby={headingId}>
      <h2 className="nhsuk-heading-m" id={headingId}>
        {home.collection.name}
        <span className="nhsuk-caption-m">
          {home.organisation.name} ({home.organisation.code})
        </span>
      </h2>
      {home.guidance ? (
        <GuidanceBox text={home.guidance} collectionName={home.collection.name} variant="details" />
      ) : null}
      {home.periods.length === 0 ? (
        <p className="nhsuk-body">No reporting periods yet.</p>
      ) : (
        <WindowedPeriods periods={periods} small>
          {(visible) => (
            <DataTable
              caption={`Reporting periods of ${home.collection.name} for ${home.organisation.name}`}
              scrollLabel="Reporting periods"
              columns={periodColumns(home)}
              rows={visible}
              rowKey={(period) => period.id}
            />
          )}
        </WindowedPeriods>
      )}
    </section>
  );
}

function periodColumns(home: SubmitterHome): Column<SubmitterPeriod>[] {
  return [
    { key: 'period', header: 'Reporting period', rowHeader: true, cell: (period) => period.name },
    { key: 'state', header: 'State', cell: (period) => <DisplayStateTag state={period.displayState} /> },
    {
      key: 'deadline',
      header: 'Deadline',
      cell: (period) => (
        <>
          {period.deadlineText}
          <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">
            {period.windowStatus === 'Future' ? '' : deadline(period.deadline)}
          </span>
        </>
      ),
    },
    { key: 'todo', header: 'What needs doing', cell: (period) => period.todo },
    {
      key: 'action',
      // Not DataTable's rowActions: this column has always been named 'Action', one link a row.
      header: <span className="nhsuk-u-visually-hidden">Action</span>,
      cell: (period) =>
        period.action === 'none' ? null : (
          <Link to={paths.form(home.collection.id, home.organisation.id, period.id)}>
            {actionLabels[period.action]} <span className="nhsuk-u-visually-hidden">{period.name}</span>
          </Link>
        ),
    },
  ];
}
