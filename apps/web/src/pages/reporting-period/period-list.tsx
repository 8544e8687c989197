import type { ReportingPeriodDto } from '@dcf/domain';
import { Link } from 'react-router';
import { DataTable, PeriodStatusTag } from '../../components';
import { deadline, openingTime, periodDate } from '../schedule/period-dates';
import type { FormVersionChoice } from './period-form';

/** The collection's reporting periods in the API's order (sorted by start), each linking to its page. */
export function PeriodList({
  periods,
  forms,
  linkTo,
}: {
  periods: readonly ReportingPeriodDto[];
  forms: readonly FormVersionChoice[];
  linkTo: (period: ReportingPeriodDto) => string;
}) {
  const versionOf = (formId: number | null) => forms.find((form) => form.id === formId)?.version;
  return (
    <DataTable
      caption="Reporting periods"
      rows={periods}
      rowKey={(period) => period.id}
      columns={[
        {
          key: 'name',
          header: 'Reporting period',
          cell: (period) => <Link to={linkTo(period)}>{period.name}</Link>,
        },
        { key: 'start', header: 'Start', cell: (period) => periodDate(period.start) },
        { key: 'end', header: 'End', cell: (period) => periodDate(period.end) },
        { key: 'open', header: 'Submissions open', cell: (period) => openingTime(period.submissionsOpen) },
        {
          key: 'deadline',
          header: 'Deadline',
          cell: (period) => (
            <>
              {deadline(period.submissionsClose)}
              {period.submissionsReopen ? (
                <>
                  <br />
                  <span className="nhsuk-body-s">
                    Reopens {openingTime(period.submissionsReopen)}, until{' '}
                    {deadline(period.submissionsReclose)}
                  </span>
                </>
              ) : null}
            </>
          ),
        },
        {
          key: 'version',
          header: 'Form version',
          cell: (period) => {
            const version = versionOf(period.formId);
            return version === undefined ? '' : `Version ${version}`;
          },
        },
        {
          key: 'status',
          header: 'Status',
          cell: (period) => <PeriodStatusTag status={period.reportingPeriodStatus} />,
        },
      ]}
    />
  );
}
