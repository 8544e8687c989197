import { type FormDefinition, hasData, labelOf, walkComponents } from '../components';

/** Form.io component types whose answer is a number a rule can compare, add up or track. */
const NUMBER_TYPES = new Set(['number', 'currency']);

export interface RuleField {
  /** `headcount`, or `staff.hours` for the total of a grid column over its rows. */
  path: string;
  label: string;
}

/**
 * The number questions a data quality rule may read, in form order: top-level answers (inside panels and
 * other layouts) and the columns of top-level grids (a column total). Answers nested in containers or
 * grids within grids are left out: a rule reads `answers.key` or a grid's rows only (decision 0028).
 */
export function ruleFields(definition: FormDefinition): RuleField[] {
  const fields: RuleField[] = [];
  const gridLabels = new Map<string, string>();
  walkComponents(definition.components ?? [], ({ component, path }) => {
    if (hasData(component)) gridLabels.set(path, labelOf(component));
    if (!hasData(component)) return true;
    if (!NUMBER_TYPES.has(String(component.type))) return true;
    const match = /^([^.[\]]+)(?:\[\*\]\.([^.[\]]+))?$/.exec(path);
    if (!match) return true;
    const [, first, column] = match;
    fields.push({
      path: column === undefined ? (first as string) : `${first}.${column}`,
      label:
        column === undefined
          ? labelOf(component)
          : `${gridLabels.get(first as string) ?? first}: ${labelOf(component)} (total of all rows)`,
    });
    return true;
  });
  return fields;
}
