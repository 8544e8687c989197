import { formatMediumDateTime, type Timeliness } from '@dcf/domain';
import { useChases } from '../../api/notifications';
import { useOrganisationHistory } from '../../api/views';
import { QueryState, SubmissionStatusTag, TableScroll } from '../../components';

const timelinessLabels: Record<Timeliness, string> = {
  onTime: 'On time',
  late: 'Late',
  missed: 'Missed',
  pending: 'Not completed yet',
  notYetRequired: 'Not yet required',
};

/**
 * One organisation's record across the collection's periods: status, on time or late, when submitted;
 * then the reminders it was sent.
 */
export function OrganisationHistory({
  collectionId,
  organisationId,
  organisationName,
}: {
  collectionId: number;
  organisationId: number;
  organisationName: string;
}) {
  const history = useOrganisationHistory(collectionId, organisationId, true);
  return (
    <QueryState query={history} isEmpty={(data) => data.periods.length === 0}>
      {(data) => {
        const opened = data.periods.filter((p) => p.status !== 'notYetRequired');
        const count = (t: Timeliness) => opened.filter((p) => p.timeliness === t).length;
        return (
          <>
            <p className="nhsuk-body-s">
              {count('onTime')} on time, {count('late')} late, {count('missed')} missed of {opened.length}{' '}
              {opened.length === 1 ? 'period' : 'periods'} opened so far.
            </p>
            <TableScroll label="History">
              <table className="nhsuk-table">
                <caption className="nhsuk-table__caption nhsuk-table__caption--s">
                  History of {organisationName}
                </caption>
                <thead className="nhsuk-table__head">
                  <tr className="nhsuk-table__row">
                    <th scope="col" className="nhsuk-table__header">
                      Reporting period
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Status
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Timeliness
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Submitted
                    </th>
                  </tr>
                </thead>
                <tbody className="nhsuk-table__body">
                  {[...opened].reverse().map((p) => (
                    <tr key={p.id} className="nhsuk-table__row">
                      <th scope="row" className="nhsuk-table__cell">
                        {p.name}
                      </th>
                      <td className="nhsuk-table__cell">
                        <SubmissionStatusTag status={p.status} />
                      </td>
                      <td className="nhsuk-table__cell">{timelinessLabels[p.timeliness]}</td>
                      <td className="nhsuk-table__cell">
                        {p.submittedAt
                          ? `${formatMediumDateTime(p.submittedAt)} by ${p.submittedBy?.name ?? ''}`
                          : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Chases collectionId={collectionId} organisationId={organisationId} />
          </>
        );
      }}
    </QueryState>
  );
}

/** The reminders sent to the organisation ('Send reminder' and chases), newest first. */
function Chases({ collectionId, organisationId }: { collectionId: number; organisationId: number }) {
  const chases = useChases(collectionId, organisationId);
  if (!chases.data) return null;
  return chases.data.length === 0 ? (
    <p className="nhsuk-body-s">No reminder sent yet.</p>
  ) : (
    <>
      <h3 className="nhsuk-heading-xs">Reminders sent</h3>
      <ul className="nhsuk-list nhsuk-body-s">
        {chases.data.map((c) => (
          <li key={c.id}>
            {formatMediumDateTime(c.chasedAt)}: {c.reportingPeriodName}, by{' '}
            {c.chasedBy?.name ?? 'the service'} to{' '}
            {c.recipients === 1 ? '1 person' : `${c.recipients} people`}
          </li>
        ))}
      </ul>
    </>
  );
}
