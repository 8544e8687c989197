import { formatMediumDateTime, type Timeliness } from '@dcf/domain';
import { useChases } from '../../api/notifications';
import { useOrganisationHistory } from '../../api/views';
import { DataTable, QueryState, SubmissionStatusTag } from '../../components';

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
            <DataTable
              caption={`History of ${organisationName}`}
              captionClass="nhsuk-table__caption--s"
              rows={[...opened].reverse()}
              rowKey={(p) => p.id}
              columns={[
                { key: 'period', header: 'Reporting period', rowHeader: true, cell: (p) => p.name },
                { key: 'status', header: 'Status', cell: (p) => <SubmissionStatusTag status={p.status} /> },
                { key: 'timeliness', header: 'Timeliness', cell: (p) => timelinessLabels[p.timeliness] },
                {
                  key: 'submitted',
                  header: 'Submitted',
                  cell: (p) =>
                    p.submittedAt
                      ? `${formatMediumDateTime(p.submittedAt)} by ${p.submittedBy?.name ?? ''}`
                      : '',
                },
              ]}
            />
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
