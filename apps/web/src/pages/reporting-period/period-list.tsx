import type { ReportingPeriodDto } from '@dcf/domain';
import { Link } from 'react-router';
import { PeriodStatusTag, TableScroll } from '../../components';
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
    <TableScroll label="Reporting periods">
      <table className="nhsuk-table">
        <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Reporting periods</caption>
        <thead className="nhsuk-table__head">
          <tr className="nhsuk-table__row">
            {[
              'Reporting period',
              'Start',
              'End',
              'Submissions open',
              'Deadline',
              'Form version',
              'Status',
            ].map((header) => (
              <th key={header} scope="col" className="nhsuk-table__header">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="nhsuk-table__body">
          {periods.map((period) => {
            const version = versionOf(period.formId);
            return (
              <tr key={period.id} className="nhsuk-table__row">
                <td className="nhsuk-table__cell">
                  <Link to={linkTo(period)}>{period.name}</Link>
                </td>
                <td className="nhsuk-table__cell">{periodDate(period.start)}</td>
                <td className="nhsuk-table__cell">{periodDate(period.end)}</td>
                <td className="nhsuk-table__cell">{openingTime(period.submissionsOpen)}</td>
                <td className="nhsuk-table__cell">
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
                </td>
                <td className="nhsuk-table__cell">{version === undefined ? '' : `Version ${version}`}</td>
                <td className="nhsuk-table__cell">
                  <PeriodStatusTag status={period.reportingPeriodStatus} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
