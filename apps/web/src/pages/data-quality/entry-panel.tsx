import { dataQualityMessages, type FieldStatistics } from '@dcf/domain/data-quality';
import type { FormDefinition } from '@dcf/forms';
import { ruleFields } from '@dcf/forms/data-quality/fields';
import { fieldValue } from '@dcf/forms/data-quality/values';
import { useMemo } from 'react';
import { ErrorMessage } from '../../components';
import { type DataQualityState, explanationId, type LiveFinding } from './use-data-quality';

const shown = (value: number | null) => (value === null ? 'not answered' : value.toLocaleString('en-GB'));

function statisticsOf(stats: Record<string, unknown>, path: string): FieldStatistics | undefined {
  const [first, column] = path.split('.') as [string, string | undefined];
  const node = stats[first] as Record<string, unknown> | undefined;
  return (column === undefined ? node : node?.[column]) as FieldStatistics | undefined;
}

/**
 * The findings of the data quality rules in one warning callout (decision 0028): each with the figures
 * it reads, the previous return's value, last period's range, and for a warning a textarea for the
 * explanation (saved with the next save, required before submit). On check your answers it lists them
 * all; on the form only those of rules naming no question (the others sit at their question).
 */
export function DataQualityPanel({
  quality,
  definition,
  answers,
  editable,
  missingExplanations,
}: {
  quality: DataQualityState;
  definition: FormDefinition;
  answers: Record<string, unknown>;
  editable: boolean;
  /** Rules whose explanation a refused submit asked for: their boxes are shown in error. */
  missingExplanations?: ReadonlySet<string>;
}) {
  const labels = useMemo(() => new Map(ruleFields(definition).map((f) => [f.path, f.label])), [definition]);
  if (quality.findings.length === 0) return null;
  return (
    <section className="nhsuk-warning-callout" aria-labelledby="dcf-data-quality-title">
      <h2 className="nhsuk-warning-callout__label" id="dcf-data-quality-title">
        <span className="nhsuk-u-visually-hidden">Important: </span>
        Check these figures
      </h2>
      <ul className="nhsuk-list">
        {quality.findings.map((finding) => (
          <FindingItem
            key={finding.ruleId}
            finding={finding}
            quality={quality}
            labels={labels}
            answers={answers}
            editable={editable}
            explanationMissing={missingExplanations?.has(finding.ruleId) ?? false}
          />
        ))}
      </ul>
    </section>
  );
}

function FindingItem(props: FindingProps) {
  return (
    <li className="nhsuk-u-margin-bottom-4" data-testid={`finding-${props.finding.ruleId}`}>
      <FindingBody {...props} />
    </li>
  );
}

export interface FindingProps {
  finding: LiveFinding;
  quality: DataQualityState;
  labels: Map<string, string>;
  answers: Record<string, unknown>;
  editable: boolean;
  /** False beside a question whose field error already says the message. */
  showMessage?: boolean;
  /**
   * A submit was refused for want of this explanation: the box is shown in error. Never while the
   * person works: a warning is a warning, not an error (decision 0037).
   */
  explanationMissing?: boolean;
}

/**
 * One finding: its severity and message, the figures it reads with the previous return's value and
 * last period's range, and for a warning the labelled explanation box.
 */
export function FindingBody({
  finding,
  quality,
  labels,
  answers,
  editable,
  showMessage = true,
  explanationMissing = false,
}: FindingProps) {
  const context = quality.context;
  const id = explanationId(finding.ruleId);
  if (finding.notChecked)
    return (
      <p className="nhsuk-body nhsuk-u-margin-bottom-1">
        <strong className="nhsuk-tag nhsuk-tag--grey">Not checked</strong>{' '}
        {dataQualityMessages.notChecked(finding.name, finding.notChecked)}
      </p>
    );
  // Once typed, the explanation is no longer missing, whatever the refused submit said.
  const missing = explanationMissing && finding.explanation === null;
  const isRange = finding.rule.check.kind === 'range';
  const isChange = finding.rule.check.kind === 'change';
  return (
    <>
      {showMessage ? (
        <p className="nhsuk-body nhsuk-u-margin-bottom-1">
          <strong
            className={`nhsuk-tag ${finding.severity === 'error' ? 'nhsuk-tag--red' : 'nhsuk-tag--orange'}`}
          >
            {finding.severity === 'error' ? 'Error' : 'Warning'}
          </strong>{' '}
          <strong>{finding.message}</strong>
        </p>
      ) : null}
      <ul className="nhsuk-list nhsuk-list--bullet nhsuk-body-s">
        {finding.fields.map((path) => {
          const range = isRange && context ? statisticsOf(context.stats, path) : undefined;
          const low =
            range && finding.rule.check.kind === 'range' && finding.rule.check.bounds === 'p5p95'
              ? range.p5
              : range?.min;
          const high =
            range && finding.rule.check.kind === 'range' && finding.rule.check.bounds === 'p5p95'
              ? range.p95
              : range?.max;
          return (
            <li key={path}>
              {labels.get(path) ?? path}: {shown(fieldValue(answers, path))}
              {context?.previous && (isChange || isRange) ? (
                <>
                  <br />
                  {dataQualityMessages.previousValue(
                    shown(fieldValue(context.previous.answers, path)),
                    context.previous.periodName,
                  )}
                </>
              ) : null}
              {range && low !== undefined && high !== undefined ? (
                <>
                  <br />
                  {dataQualityMessages.rangeValue(shown(low), shown(high), context?.statsPeriodName ?? '')}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {finding.severity === 'warning' ? (
        <div className={`nhsuk-form-group${missing ? ' nhsuk-form-group--error' : ''}`}>
          <label className="nhsuk-label" htmlFor={id}>
            {dataQualityMessages.explanationLabel}
            {/* Several warnings may sit at one question: each box is known by its rule when heard. */}
            <span className="nhsuk-u-visually-hidden"> ({finding.name})</span>
          </label>
          <ErrorMessage
            fieldId={id}
            error={missing ? dataQualityMessages.explanationRequired(finding.name) : undefined}
          />
          <textarea
            className={`nhsuk-textarea${missing ? ' nhsuk-textarea--error' : ''}`}
            id={id}
            rows={3}
            maxLength={2000}
            readOnly={!editable}
            aria-describedby={missing ? `${id}-error` : undefined}
            value={quality.explanations[finding.ruleId] ?? ''}
            onChange={(event) => quality.setExplanation(finding.ruleId, event.target.value)}
          />
        </div>
      ) : null}
    </>
  );
}
