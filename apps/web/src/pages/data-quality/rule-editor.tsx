import {
  type ComparisonOperator,
  comparisonOperators,
  type DataQualityCheck,
  type DataQualityCheckKind,
  type DataQualityRule,
  type DataQualityRuleBody,
  type DataQualitySeverity,
} from '@dcf/domain/data-quality';
import type { RuleField } from '@dcf/forms/data-quality/fields';
import { useId, useState } from 'react';
import { CheckboxGroup, type ChoiceOption, ErrorMessage, RadioGroup, Select } from '../../components';

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

const operatorLabels: Record<ComparisonOperator, string> = {
  '<': 'is less than',
  '<=': 'is less than or equal to',
  '==': 'equals',
  '!=': 'does not equal',
  '>=': 'is greater than or equal to',
  '>': 'is greater than',
};

/** Everything the editor's inputs hold, as text until saved. */
interface Draft {
  name: string;
  severity: DataQualitySeverity;
  message: string;
  kind: DataQualityCheckKind | '';
  left: string;
  operator: ComparisonOperator | '';
  right: string;
  total: string;
  parts: string[];
  field: string;
  percent: string;
  amount: string;
  bounds: 'minMax' | 'p5p95';
  logic: string;
  logicFields: string[];
}

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

type Problems = Partial<Record<keyof Draft, string>>;

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

const fieldOptions = (fields: readonly RuleField[]) => fields.map((f) => ({ value: f.path, label: f.label }));

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
  const options = fieldOptions(fields);
  const problemList = [
    ...Object.entries(problems).map(([key, message]) => ({ key, message })),
    ...serverProblems.map((message, i) => ({ key: `server-${i}`, message })),
  ];

  const text = (key: 'name' | 'percent' | 'amount', label: string, hint?: string, inputMode?: 'decimal') => (
    <div className={`nhsuk-form-group${problems[key] ? ' nhsuk-form-group--error' : ''}`}>
      <label className="nhsuk-label" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      {hint ? (
        <div className="nhsuk-hint" id={`${id}-${key}-hint`}>
          {hint}
        </div>
      ) : null}
      <ErrorMessage fieldId={`${id}-${key}`} error={problems[key]} />
      <input
        className={`nhsuk-input${key === 'name' ? '' : ' nhsuk-input--width-10'}${problems[key] ? ' nhsuk-input--error' : ''}`}
        id={`${id}-${key}`}
        type="text"
        inputMode={inputMode}
        value={draft[key]}
        aria-describedby={
          [hint ? `${id}-${key}-hint` : '', problems[key] ? `${id}-${key}-error` : ''].join(' ').trim() ||
          undefined
        }
        onChange={(event) => set(key, event.target.value)}
      />
    </div>
  );

  const picker = (key: 'left' | 'right' | 'total' | 'field', label: string) => (
    <Select
      id={`${id}-${key}`}
      label={label}
      options={options}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      error={problems[key]}
    />
  );

  const ticks = (key: 'parts' | 'logicFields', legend: string, hint: string) => (
    <CheckboxGroup
      id={`${id}-${key}`}
      legend={legend}
      hint={hint}
      error={problems[key]}
      small
      options={fields.map((f) => ({ value: f.path, label: f.label }))}
      values={draft[key]}
      onChange={(path, checked) =>
        set(key, checked ? [...draft[key], path] : draft[key].filter((p) => p !== path))
      }
    />
  );

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
      {problemList.length > 0 ? (
        <div className="nhsuk-error-summary" role="alert" aria-labelledby={`${id}-summary`} tabIndex={-1}>
          <h2 className="nhsuk-error-summary__title" id={`${id}-summary`}>
            There is a problem
          </h2>
          <div className="nhsuk-error-summary__body">
            <ul className="nhsuk-list nhsuk-error-summary__list">
              {problemList.map((p) => (
                <li key={p.key}>
                  {p.key.startsWith('server-') ? p.message : <a href={`#${id}-${p.key}`}>{p.message}</a>}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      <h3 className="nhsuk-heading-s">{rule ? `Change rule: ${rule.name}` : 'Add a rule'}</h3>
      {text('name', 'Rule name', 'Managers see this name in the period view and the exports')}
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
      {draft.kind === 'compare' ? (
        <>
          {picker('left', 'First figure')}
          <Select
            id={`${id}-operator`}
            label="Must be"
            options={comparisonOperators.map((op) => ({ value: op, label: operatorLabels[op] }))}
            value={draft.operator}
            onChange={(value) => set('operator', value as ComparisonOperator | '')}
            error={problems.operator}
          />
          {picker('right', 'Second figure')}
        </>
      ) : null}
      {draft.kind === 'sum' ? (
        <>
          {picker('total', 'Total')}
          {ticks('parts', 'Parts', 'A grid column counts as the total of all its rows')}
        </>
      ) : null}
      {draft.kind === 'change' ? (
        <>
          {picker('field', 'Figure')}
          {text(
            'percent',
            'By more than this percentage',
            'With both a percentage and an amount, the change must exceed both',
            'decimal',
          )}
          {text('amount', 'By more than this amount', undefined, 'decimal')}
        </>
      ) : null}
      {draft.kind === 'range' ? (
        <>
          {picker('field', 'Figure')}
          <Select
            id={`${id}-bounds`}
            label="Range"
            options={[
              { value: 'minMax', label: 'Lowest to highest' },
              { value: 'p5p95', label: '5th to 95th percentile' },
            ]}
            value={draft.bounds}
            onChange={(value) => set('bounds', value === 'p5p95' ? 'p5p95' : 'minMax')}
          />
        </>
      ) : null}
      {draft.kind === 'logic' ? (
        <>
          <div className={`nhsuk-form-group${problems.logic ? ' nhsuk-form-group--error' : ''}`}>
            <label className="nhsuk-label" htmlFor={`${id}-logic`}>
              JSON Logic
            </label>
            <div className="nhsuk-hint" id={`${id}-logic-hint`}>
              True when the return passes. Reads answers.key, previous.key and stats.key.min (count, min, p5,
              median, p95, max).
            </div>
            <ErrorMessage fieldId={`${id}-logic`} error={problems.logic} />
            <textarea
              className={`nhsuk-textarea${problems.logic ? ' nhsuk-textarea--error' : ''}`}
              id={`${id}-logic`}
              rows={6}
              spellCheck={false}
              aria-describedby={`${id}-logic-hint${problems.logic ? ` ${id}-logic-error` : ''}`}
              value={draft.logic}
              onChange={(event) => set('logic', event.target.value)}
            />
          </div>
          {ticks('logicFields', 'Show the finding beside', 'The questions the submitter sees it at')}
        </>
      ) : null}
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
