import type { FormDefinition } from '@dcf/forms';
import { ruleFields } from '@dcf/forms/data-quality/fields';
import { type ReactNode, useMemo } from 'react';
import { FindingBody } from './entry-panel';
import type { DataQualityState, LiveFinding } from './use-data-quality';

/**
 * The findings beside the questions they name, as the clerk works (decision 0028, the NHS pattern):
 * at a finding's first question its figures, the previous return's value, last period's range and,
 * for a warning, the explanation box; at any other question it names, the message and where it is
 * explained (one box per warning, so its id stays unique for the error summary's link). An error
 * rule's message is the field error at its first question, so it is not repeated there.
 * The notes go to the renderer by question (a grid column's finding sits after its grid).
 */
export function useFieldNotes(
  quality: DataQualityState,
  definition: FormDefinition | null,
  answers: Record<string, unknown>,
  editable: boolean,
): Record<string, ReactNode> {
  const labels = useMemo(
    () => new Map(definition ? ruleFields(definition).map((f) => [f.path, f.label]) : []),
    [definition],
  );
  const notes: Record<string, ReactNode[]> = {};
  for (const finding of quality.findings) {
    const questions = [...new Set(finding.fields.map((path) => path.split('.')[0] as string))];
    questions.forEach((question, index) => {
      const first = index === 0;
      const list = notes[question] ?? [];
      notes[question] = list;
      list.push(
        <div
          key={finding.ruleId}
          className="nhsuk-warning-callout dcf-field-finding"
          data-testid={first ? `finding-${finding.ruleId}` : `finding-${finding.ruleId}-${question}`}
        >
          <p className="nhsuk-warning-callout__label">
            <span className="nhsuk-u-visually-hidden">Important: </span>
            Check {finding.fields.length > 1 ? 'these figures' : 'this figure'}
          </p>
          <FindingBody
            finding={finding}
            quality={quality}
            labels={labels}
            answers={answers}
            editable={editable}
            showMessage={!first || finding.severity === 'warning'}
            explain={first}
          />
          {!first && finding.severity === 'warning' && !finding.notChecked ? (
            <p className="nhsuk-body-s">{explainedAt(finding, labels)}</p>
          ) : null}
        </div>,
      );
    });
  }
  return notes;
}

const explainedAt = (finding: LiveFinding, labels: Map<string, string>) => {
  const first = finding.fields[0] ?? '';
  return `The explanation is asked at '${labels.get(first) ?? first}'.`;
};
