import { notCheckedMessages, type PeriodDataQuality } from '@dcf/domain/data-quality';
import type { UncheckedRule } from '@dcf/forms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';

/**
 * Rules the JSON Logic interpreter could not evaluate (a bound passed, an operation not supported:
 * decision 0030), told to the manager who can correct them: they checked nothing, which is never
 * passed over in silence. A data quality rule that was not checked does not stop a submit (the clerk is
 * told "Not checked"); a rule of the form itself does (the form cannot be checked).
 */
function NotCheckedCallout({ id, items, links }: { id: string; items: ReactNode[]; links: ReactNode }) {
  return (
    <section className="nhsuk-warning-callout" aria-labelledby={id} data-testid="rules-not-checked">
      <h2 className="nhsuk-warning-callout__label" id={id}>
        <span className="nhsuk-u-visually-hidden">Important: </span>
        {notCheckedMessages.heading}
      </h2>
      <ul className="nhsuk-list nhsuk-list--bullet">{items}</ul>
      <p className="nhsuk-body">{links}</p>
    </section>
  );
}

/** The period's data quality view: each rule not checked on some submitted returns, how many, and why. */
export function PeriodRulesNotChecked({
  rules,
  collectionId,
}: {
  rules: PeriodDataQuality['rules'];
  collectionId: number;
}) {
  const notChecked = rules.filter((rule) => rule.notChecked > 0);
  if (notChecked.length === 0) return null;
  return (
    <NotCheckedCallout
      id="period-rules-not-checked"
      items={notChecked.map((rule) => (
        <li key={rule.id}>
          {notCheckedMessages.dataQualityInPeriod(rule.name, rule.notChecked, rule.notCheckedReason ?? '')}
        </li>
      ))}
      links={
        <Link to={paths.amendCollection(collectionId, 'dataQuality')}>
          {notCheckedMessages.changeDataQualityRules}
        </Link>
      }
    />
  );
}

/** A return's page, for a manager: the form's rules and the data quality rules not checked on it. */
export function ReturnRulesNotChecked({
  collectionId,
  formRules,
  findings,
}: {
  collectionId: number;
  formRules: readonly UncheckedRule[];
  findings: readonly { ruleId: string; name: string; notChecked?: string | undefined }[];
}) {
  const dataQuality = findings.filter((f) => f.notChecked);
  if (formRules.length === 0 && dataQuality.length === 0) return null;
  return (
    <NotCheckedCallout
      id="return-rules-not-checked"
      items={[
        ...formRules.map((rule) => (
          <li key={`form-${rule.component.path}-${rule.property}`}>
            {notCheckedMessages.formRule(
              rule.component.label || rule.component.key,
              rule.property,
              rule.detail,
            )}
          </li>
        )),
        ...dataQuality.map((finding) => (
          <li key={`dq-${finding.ruleId}`}>
            {notCheckedMessages.dataQualityOnReturn(finding.name, finding.notChecked ?? '')}
          </li>
        )),
      ]}
      links={
        <>
          {formRules.length > 0 ? (
            <Link to={paths.amendCollection(collectionId, 'form')}>{notCheckedMessages.changeForm}</Link>
          ) : null}
          {formRules.length > 0 && dataQuality.length > 0 ? <br /> : null}
          {dataQuality.length > 0 ? (
            <Link to={paths.amendCollection(collectionId, 'dataQuality')}>
              {notCheckedMessages.changeDataQualityRules}
            </Link>
          ) : null}
        </>
      }
    />
  );
}
