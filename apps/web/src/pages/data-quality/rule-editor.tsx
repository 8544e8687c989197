import type {
  DataQualityCheck,
  DataQualityCheckKind,
  DataQualityRule,
  DataQualityRuleBody,
  DataQualitySeverity,
} from '@dcf/domain/data-quality';
import type { RuleField } from '@dcf/forms/data-quality/fields';
import { useId, useState } from 'react';
import { type ChoiceOption, ErrorMessage, RadioGroup, Select } from '../../components';
import {
  CheckFields,
  type Draft,
  type EditorState,
  type Problems,
  RuleErrorSummary,
  RuleText,
} from './check-fields';

export const kindLabels: Record<DataQualityCheckKind, string> = {
  compare: 'Compare two figures',
  sum: 'Total equals the sum of its parts',
  change: 'Change since the last submitted return',
  range: "Outside last period's range across organisations",
  logic: 'JSON Logic (for experts)',
};

const severityOptions: readonly ChoiceOption<DataQualitySeverity>[] = [
  { value: 'warning', label: 'Warning: the submitter must explain the figure' },
  { value: 'error', label: 'Error: the return cannot be submitted' },
];

function draftOf(rule: DataQualityRule | undefined): Draft {
  const check = rule?.check;
  return {
    name: rule?.name ?? '',
    severity: rule?.severity ?? 'warning',
    message: rule?.message ?? '',
    kind: check?.kind ?? '',
    left: check?.kind === 'compare' ? check.left : '',
    operator: check?.kind === 'compare' ? check.operator : '',
    right: check?.kind === 'compare' ? check.right : '',
    total: check?.kind === 'sum' ? check.total : '',
    parts: check?.kind === 'sum' ? check.parts : [],
    field: check?.kind === 'change' || check?.kind === 'range' ? check.field : '',
    percent: check?.kind === 'change' && check.percent !== null ? String(check.percent) : '',
    amount: check?.kind === 'change' && check.amount !== null ? String(check.amount) : '',
    bounds: check?.kind === 'range' ? check.bounds : 'minMax',
    logic: check?.kind === 'logic' ? JSON.stringify(check.logic, null, 2) : '',
    logicFields: check?.kind === 'logic' ? check.fields : [],
  };
}

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/** The body to send, or the problems to show beside the inputs (NHS error pattern). */
function bodyOf(draft: Draft): { body: DataQualityRuleBody } | { problems: Problems } {
  const problems: Problems = {};
  if (draft.name.trim() === '') problems.name = 'Enter a name for the rule';
  let check: DataQualityCheck | null = null;
  switch (draft.kind) {
    case '':
      problems.kind = 'Select the kind of check';
      break;
    case 'compare':
      if (draft.left === '') problems.left = 'Select the first figure';
      if (draft.operator === '') problems.operator = 'Select how they compare';
      if (draft.right === '') problems.right = 'Select the second figure';
      if (draft.operator !== '')
        check = { kind: 'compare', left: draft.left, operator: draft.operator, right: draft.right };
      break;
    case 'sum':
      if (draft.total === '') problems.total = 'Select the total';
      if (draft.parts.length === 0) problems.parts = 'Select at least one part';
      check = { kind: 'sum', total: draft.total, parts: draft.parts };
      break;
    case 'change': {
      if (draft.field === '') problems.field = 'Select the figure';
      const percent = number(draft.percent);
      const amount = number(draft.amount);
      if (percent === null && amount === null) problems.percent = 'Enter a percentage, an amount or both';
      if (percent !== null && !(percent > 0)) problems.percent = 'Enter a percentage greater than 0';
      if (amount !== null && !(amount > 0)) problems.amount = 'Enter an amount greater than 0';
      check = { kind: 'change', field: draft.field, percent, amount };
      break;
    }
    case 'range':
      if (draft.field === '') problems.field = 'Select the figure';
      check = { kind: 'range', field: draft.field, bounds: draft.bounds };
      break;
    case 'logic':
      try {
        check = { kind: 'logic', logic: JSON.parse(draft.logic), fields: draft.logicFields };
      } catch {
        problems.logic = 'Enter JSON Logic as valid JSON';
      }
      break;
  }
  // Last, as on the page: the error summary lists problems in the order of the inputs.
  if (draft.message.trim() === '') problems.message = 'Enter the message the submitter sees';
  if (Object.keys(problems).length > 0 || check === null) return { problems };
  return {
    body: { name: draft.name.trim(), severity: draft.severity, message: draft.message.trim(), check },
  };
}

/**
 * Adds or changes one rule: native inputs only (keyboard usable, labelled, errors beside each input).
 * `serverProblems` are the API's 400 messages (a question unknown to the form, JSON Logic not allowed).
 */
export function RuleEditor({
  rule,
  fields,
  saving,
  serverProblems,
  onSave,
  onCancel,
}: {
  rule?: DataQualityRule;
  fields: readonly RuleField[];
  saving: boolean;
  serverProblems: string[];
  onSave: (body: DataQualityRuleBody) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [problems, setProblems] = useState<Problems>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const problemList = [
    ...Object.entries(problems).map(([key, message]) => ({ key, message })),
    ...serverProblems.map((message, i) => ({ key: `server-${i}`, message })),
  ];
  const state: EditorState = { id, draft, problems, set, fields };

  return (
    <form
      noValidate
      aria-label={rule ? `Change rule ${rule.name}` : 'Add a data quality rule'}
      onSubmit={(event) => {
        event.preventDefault();
        const result = bodyOf(draft);
        if ('problems' in result) setProblems(result.problems);
        else {
          setProblems({});
          onSave(result.body);
        }
      }}
    >
      <RuleErrorSummary id={id} problems={problemList} />
      <h3 className="nhsuk-heading-s">{rule ? `Change rule: ${rule.name}` : 'Add a rule'}</h3>
      <RuleText
        state={state}
        name="name"
        label="Rule name"
        hint="Managers see this name in the period view and the exports"
      />
      <Select
        id={`${id}-kind`}
        label="Kind of check"
        options={(Object.keys(kindLabels) as DataQualityCheckKind[]).map((k) => ({
          value: k,
          label: kindLabels[k],
        }))}
        value={draft.kind}
        onChange={(value) => set('kind', value as DataQualityCheckKind | '')}
        error={problems.kind}
      />
      <CheckFields state={state} />
      <RadioGroup
        id={`${id}-severity`}
        legend="Severity"
        inline
        options={severityOptions}
        value={draft.severity}
        onChange={(value) => set('severity', value)}
      />
      <div className={`nhsuk-form-group${problems.message ? ' nhsuk-form-group--error' : ''}`}>
        <label className="nhsuk-label" htmlFor={`${id}-message`}>
          Message the submitter sees
        </label>
        <ErrorMessage fieldId={`${id}-message`} error={problems.message} />
        <textarea
          className={`nhsuk-textarea${problems.message ? ' nhsuk-textarea--error' : ''}`}
          id={`${id}-message`}
          rows={2}
          value={draft.message}
          aria-describedby={problems.message ? `${id}-message-error` : undefined}
          onChange={(event) => set('message', event.target.value)}
        />
      </div>
      <div className="nhsuk-button-group">
        <button type="submit" className="nhsuk-button" disabled={saving}>
          Save rule
        </button>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
