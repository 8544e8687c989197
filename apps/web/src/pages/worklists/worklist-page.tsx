import { formatMediumDateTime, type WorklistItem, type WorklistKind, worklistTitles } from '@dcf/domain';
import { Link } from 'react-router';
import { useWorklist } from '../../api/worklists';
import { paths } from '../../app/paths';
import { PageContainer, QueryState } from '../../components';
import { deadline } from '../schedule/period-dates';

interface WorklistText {
  title: string;
  intro: string;
  empty: string;
  action: string;
  changed: string;
}

/** What each worklist says. */
export const worklistText: Record<WorklistKind, WorklistText> = {
  signOff: {
    title: worklistTitles.signOff,
    intro:
      'Returns your organisation’s clerks have saved where your trust’s authorisation is required. Check each one and submit it before the deadline.',
    empty: 'Nothing is waiting for your sign-off.',
    action: 'Check and submit',
    changed: 'Last saved',
  },
  nhsiAuthorisation: {
    title: worklistTitles.nhsiAuthorisation,
    intro: 'Completed returns in collections that require NHSI authorisation. Open each one to authorise it.',
    empty: 'No return is waiting for NHSI authorisation.',
    action: 'Authorise',
    changed: 'Submitted',
  },
  returned: {
    title: worklistTitles.returned,
    intro: 'Returns a collection manager has sent back to your organisation for correction.',
    empty: 'No return has been sent back to you.',
    action: 'Correct',
    changed: 'Returned',
  },
};

function WorklistPage({ kind }: { kind: WorklistKind }) {
  const text = worklistText[kind];
  const list = useWorklist(kind);
  return (
    <PageContainer title={text.title} trail={[]}>
      <p className="nhsuk-body">{text.intro}</p>
      <QueryState query={list} isEmpty={(data) => data.items.length === 0} emptyMessage={text.empty}>
        {(data) => (
          <>
            {data.total > data.items.length ? (
              <p className="nhsuk-body">
                Showing the {data.items.length.toLocaleString('en-GB')} with the nearest deadline of{' '}
                {data.total.toLocaleString('en-GB')}.
              </p>
            ) : null}
            <WorklistTable kind={kind} items={data.items} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

function WorklistTable({ kind, items }: { kind: WorklistKind; items: readonly WorklistItem[] }) {
  const text = worklistText[kind];
  return (
    <table className="nhsuk-table nhsuk-table--responsive">
      <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">{text.title}</caption>
      <thead className="nhsuk-table__head">
        <tr className="nhsuk-table__row">
          <th scope="col" className="nhsuk-table__header">
            Organisation
          </th>
          <th scope="col" className="nhsuk-table__header">
            Collection and period
          </th>
          <th scope="col" className="nhsuk-table__header">
            {text.changed}
          </th>
          <th scope="col" className="nhsuk-table__header">
            Deadline
          </th>
          <th scope="col" className="nhsuk-table__header">
            <span className="nhsuk-u-visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {items.map((item) => (
          <tr key={item.submissionId} className="nhsuk-table__row">
            <td className="nhsuk-table__cell">
              <span className="nhsuk-table__heading" aria-hidden="true">
                Organisation{' '}
              </span>
              {item.organisation.name} ({item.organisation.code})
            </td>
            <td className="nhsuk-table__cell">
              <span className="nhsuk-table__heading" aria-hidden="true">
                Collection and period{' '}
              </span>
              {item.collection.name}: {item.period.name}
              {item.returnedReason ? (
                <span className="nhsuk-body-s nhsuk-u-display-block">Reason: {item.returnedReason}</span>
              ) : null}
            </td>
            <td className="nhsuk-table__cell">
              <span className="nhsuk-table__heading" aria-hidden="true">
                {text.changed}{' '}
              </span>
              {item.changedAt ? formatMediumDateTime(item.changedAt) : ''}
              {item.changedBy ? <> by {item.changedBy}</> : null}
            </td>
            <td className="nhsuk-table__cell">
              <span className="nhsuk-table__heading" aria-hidden="true">
                Deadline{' '}
              </span>
              {deadline(item.deadline)}
            </td>
            <td className="nhsuk-table__cell">
              <Link to={paths.form(item.collection.id, item.organisation.id, item.period.id)}>
                {text.action}
                <span className="nhsuk-u-visually-hidden">
                  {' '}
                  {item.organisation.name}, {item.collection.name}: {item.period.name}
                </span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /worklist/signOff */
export const SignOffWorklistPage = () => <WorklistPage kind="signOff" />;
/** /worklist/nhsiAuthorisation (also the NHSI user's home at /collection/admin) */
export const NhsiAuthorisationWorklistPage = () => <WorklistPage kind="nhsiAuthorisation" />;
/** /worklist/returned */
export const ReturnedWorklistPage = () => <WorklistPage kind="returned" />;
