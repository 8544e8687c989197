import type { FormDefinition } from '@dcf/forms';
import { ruleFields } from '@dcf/forms/data-quality/fields';
import { type ReactNode, useMemo } from 'react';
import { FindingBody } from './entry-panel';
import { type DataQualityState, questionOf } from './use-data-quality';

/**
 * The findings beside the questions they name, as the clerk works (decisions 0028 and 0037, the NHS
 * pattern): each finding once, at its first question, with its message, the figures it reads (every
 * question it names), the previous return's value, last period's range and, for a warning, the
 * explanation box. An error rule's message is the field error at that question, so it is not repeated
 * there. The notes go to the renderer by question (a grid column's finding sits after its grid).
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
    const question = questionOf(finding);
    if (!question) continue;
    const list = notes[question] ?? [];
    notes[question] = list;
    list.push(
      <div
        key={finding.ruleId}
        className="nhsuk-warning-callout dcf-field-finding"
        data-testid={`finding-${finding.ruleId}`}
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
          showMessage={finding.severity === 'warning'}
        />
      </div>,
    );
  }
  return notes;
}
