import { useState } from 'react';
import { Link } from 'react-router';
import { usePeriodDataQuality } from '../../api/data-quality';
import { paths } from '../../app/paths';
import { QueryState, Select } from '../../components';

/**
 * The manager's period view, data quality (decision 0028): how many submitted returns carry warnings,
 * how many each rule flagged, and the returns with warnings with the submitters' explanations, filtered
 * by rule.
 */
export function PeriodDataQuality({ periodId, collectionId }: { periodId: number; collectionId: number }) {
  const [ruleId, setRuleId] = useState('');
  const summary = usePeriodDataQuality(periodId, ruleId === '' ? undefined : ruleId);
  return (
    <section aria-labelledby="period-data-quality">
      <h2 className="nhsuk-heading-m" id="period-data-quality">
        Data quality
      </h2>
      <QueryState query={summary}>
        {(data) =>
          data.rules.length === 0 ? (
            <p className="nhsuk-body">This period's form has no data quality rules.</p>
          ) : (
            <>
              <p className="nhsuk-body" data-testid="returns-with-warnings">
                {data.returnsWithWarnings} of {data.returnsSubmitted} submitted returns have data quality
                warnings.
              </p>
              <Select
                id="data-quality-rule"
                label="Show returns flagged by"
                options={data.rules
                  .filter((rule) => rule.severity === 'warning')
                  .map((rule) => ({ value: rule.id, label: `${rule.name} (${rule.returns})` }))}
                value={ruleId}
                onChange={setRuleId}
                hint="Leave blank for every return with a warning"
              />
              {data.items.length === 0 ? (
                <p className="nhsuk-body">No returns to show.</p>
              ) : (
                <table className="nhsuk-table">
                  <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">
                    Returns with data quality warnings and their explanations
                  </caption>
                  <thead className="nhsuk-table__head">
                    <tr className="nhsuk-table__row">
                      <th scope="col" className="nhsuk-table__header">
                        Organisation
                      </th>
                      <th scope="col" className="nhsuk-table__header">
                        Warnings and explanations
                      </th>
                    </tr>
                  </thead>
                  <tbody className="nhsuk-table__body">
                    {data.items.map((item) => (
                      <tr className="nhsuk-table__row" key={item.submissionId}>
                        <td className="nhsuk-table__cell">
                          <Link to={paths.form(collectionId, item.organisationId, periodId)}>
                            {item.organisationName} ({item.organisationCode})
                          </Link>
                        </td>
                        <td className="nhsuk-table__cell">
                          <ul className="nhsuk-list">
                            {item.findings
                              .filter((f) => f.severity === 'warning')
                              .map((f) => (
                                <li key={f.ruleId}>
                                  <strong>{f.name}</strong>: {f.message}
                                  <br />
                                  Explanation: {f.explanation ?? 'none'}
                                </li>
                              ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
