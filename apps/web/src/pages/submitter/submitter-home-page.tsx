import type { SubmitterHome, SubmitterPeriod } from '@dcf/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { useOwnCollectionOrganisations, useSubmitterHomes } from '../../api/views';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  DisplayStateTag,
  Notification,
  PageContainer,
  QueryState,
  Spinner,
} from '../../components';
import { deadline } from '../schedule/period-dates';
import { scheduleWindow } from '../schedule/schedule-window';
import { CollectionGuidanceNote } from './collection-guidance';
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

function OneOrganisation() {
  const pairs = useOwnCollectionOrganisations();
  return (
    <QueryState
      query={pairs}
      isEmpty={(data) => data.items.length === 0}
      emptyMessage="You do not submit for any collection yet."
    >
      {(data) => <SubmitterHomes pairs={data.items} />}
    </QueryState>
  );
}

function SubmitterHomes({ pairs }: { pairs: { collectionId: number; organisationId: number }[] }) {
  const homes = useSubmitterHomes(pairs);
  return (
    <>
      {homes.map((home, i) => {
        const pair = pairs[i]!;
        const key = `${pair.collectionId}:${pair.organisationId}`;
        if (home.isPending) return <Spinner key={key} block />;
        if (home.isError)
          return (
            <Notification key={key} variant="error" message={errorMessage(home.error)} dismissible={false} />
          );
        return <OrganisationPeriods key={key} home={home.data} />;
      })}
    </>
  );
}

/** One collection and organisation: its periods in the schedule view's window. */
function OrganisationPeriods({ home }: { home: SubmitterHome }) {
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
      <CollectionGuidanceNote
        collectionId={home.collection.id}
        collectionName={home.collection.name}
        variant="details"
      />
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
