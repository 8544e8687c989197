import {
  type ComparisonOperator,
  comparisonOperators,
  type DataQualityCheckKind,
  type DataQualitySeverity,
} from '@dcf/domain/data-quality';
import type { RuleField } from '@dcf/forms/data-quality/fields';
import { CheckboxGroup, ErrorMessage, Select } from '../../components';

/** Everything the editor's inputs hold, as text until saved. */
export interface Draft {
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

export type Problems = Partial<Record<keyof Draft, string>>;

/** What every input of the rule editor reads and writes. */
export interface EditorState {
  /** The editor's id, the prefix of every input's. */
  id: string;
  draft: Draft;
  problems: Problems;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** The form's questions a rule can name. */
  fields: readonly RuleField[];
}

const operatorLabels: Record<ComparisonOperator, string> = {
  '<': 'is less than',
  '<=': 'is less than or equal to',
  '==': 'equals',
  '!=': 'does not equal',
  '>=': 'is greater than or equal to',
  '>': 'is greater than',
};

const fieldOptions = (fields: readonly RuleField[]) => fields.map((f) => ({ value: f.path, label: f.label }));

/** The NHS.UK error summary over the editor: each problem of an input links to it; the API's do not. */
export function RuleErrorSummary({
  id,
  problems: problemList,
}: {
  id: string;
  problems: readonly { key: string; message: string }[];
}) {
  if (problemList.length === 0) return null;
  return (
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
  );
}

/** A text input of the editor: label, hint, error beside it. */
export function RuleText({
  state,
  name: key,
  label,
  hint,
  inputMode,
}: {
  state: EditorState;
  name: 'name' | 'percent' | 'amount';
  label: string;
  hint?: string | undefined;
  inputMode?: 'decimal';
}) {
  const { id, draft, problems, set } = state;
  return (
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
}

/** A question of the form to choose. */
function Picker({
  state,
  name: key,
  label,
}: {
  state: EditorState;
  name: 'left' | 'right' | 'total' | 'field';
  label: string;
}) {
  const { id, draft, problems, set, fields } = state;
  const options = fieldOptions(fields);
  return (
    <Select
      id={`${id}-${key}`}
      label={label}
      options={options}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      error={problems[key]}
    />
  );
}

/** Questions of the form to tick. */
function Ticks({
  state,
  name: key,
  legend,
  hint,
}: {
  state: EditorState;
  name: 'parts' | 'logicFields';
  legend: string;
  hint: string;
}) {
  const { id, draft, problems, set, fields } = state;
  return (
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
}

/** The inputs of the kind of check chosen. */
export function CheckFields({ state }: { state: EditorState }) {
  const { id, draft, problems, set } = state;
  return (
    <>
      {draft.kind === 'compare' ? (
        <>
          <Picker state={state} name="left" label="First figure" />
          <Select
            id={`${id}-operator`}
            label="Must be"
            options={comparisonOperators.map((op) => ({ value: op, label: operatorLabels[op] }))}
            value={draft.operator}
            onChange={(value) => set('operator', value as ComparisonOperator | '')}
            error={problems.operator}
          />
          <Picker state={state} name="right" label="Second figure" />
        </>
      ) : null}
      {draft.kind === 'sum' ? (
        <>
          <Picker state={state} name="total" label="Total" />
          <Ticks
            state={state}
            name="parts"
            legend="Parts"
            hint="A grid column counts as the total of all its rows"
          />
        </>
      ) : null}
      {draft.kind === 'change' ? (
        <>
          <Picker state={state} name="field" label="Figure" />
          <RuleText
            state={state}
            name="percent"
            label="By more than this percentage"
            hint="With both a percentage and an amount, the change must exceed both"
            inputMode="decimal"
          />
          <RuleText state={state} name="amount" label="By more than this amount" inputMode="decimal" />
        </>
      ) : null}
      {draft.kind === 'range' ? (
        <>
          <Picker state={state} name="field" label="Figure" />
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
          <Ticks
            state={state}
            name="logicFields"
            legend="Show the finding beside"
            hint="The questions the submitter sees it at"
          />
        </>
      ) : null}
    </>
  );
}
