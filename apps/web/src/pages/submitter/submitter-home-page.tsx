import type { SubmitterHome, SubmitterPeriod } from '@dcf/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubmitterHomes } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { Breadcrumbs, DisplayStateTag, PageContainer, QueryState, TableScroll } from '../../components';
import { deadline } from '../schedule/period-dates';
import { scheduleWindow } from '../schedule/schedule-window';
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
    <PageContainer
      title="Collections to submit"
      breadcrumbs={<Breadcrumbs items={[{ text: 'Collections to submit' }]} />}
    >
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
  const [earlier, setEarlier] = useState(0);
  const [later, setLater] = useState(0);
  // The window follows the organisation's own state: a period reopened for it counts as open.
  const window = scheduleWindow(
    home.periods.map((p) => ({ ...p, reportingPeriodStatus: p.windowStatus })),
    earlier,
    later,
  );
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
        <>
          {window.hiddenEarlier > 0 ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary nhsuk-button--small"
              onClick={() => setEarlier((n) => n + 1)}
            >
              Show earlier
            </button>
          ) : null}
          <TableScroll label="Reporting periods">
            <table className="nhsuk-table">
              <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">
                Reporting periods of {home.collection.name} for {home.organisation.name}
              </caption>
              <thead className="nhsuk-table__head">
                <tr className="nhsuk-table__row">
                  <th scope="col" className="nhsuk-table__header">
                    Reporting period
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    State
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    Deadline
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    What needs doing
                  </th>
                  <th scope="col" className="nhsuk-table__header">
                    <span className="nhsuk-u-visually-hidden">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="nhsuk-table__body">
                {window.visible.map((period) => (
                  <PeriodRow key={period.id} home={home} period={period} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          {window.hiddenLater > 0 ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary nhsuk-button--small"
              onClick={() => setLater((n) => n + 1)}
            >
              Show later
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function PeriodRow({ home, period }: { home: SubmitterHome; period: SubmitterPeriod }) {
  return (
    <tr className="nhsuk-table__row">
      <th scope="row" className="nhsuk-table__cell">
        {period.name}
      </th>
      <td className="nhsuk-table__cell">
        <DisplayStateTag state={period.displayState} />
      </td>
      <td className="nhsuk-table__cell">
        {period.deadlineText}
        <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">
          {period.windowStatus === 'Future' ? '' : deadline(period.deadline)}
        </span>
      </td>
      <td className="nhsuk-table__cell">{period.todo}</td>
      <td className="nhsuk-table__cell">
        {period.action === 'none' ? null : (
          <Link to={paths.form(home.collection.id, home.organisation.id, period.id)}>
            {actionLabels[period.action]} <span className="nhsuk-u-visually-hidden">{period.name}</span>
          </Link>
        )}
      </td>
    </tr>
  );
}
