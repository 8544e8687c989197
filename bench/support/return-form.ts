/**
 * The 100-field return the load benches save (submissions, data quality at national scale): numbers
 * with limits, short texts with a length and a pattern, yes/no choices and notes, as real returns have.
 */
export const FIELDS = 100;

export const fieldKey = (i: number) => `f${String(i).padStart(3, '0')}`;

/** Field i's kind: 0 and 1 number, 2 short text, 3 yes/no, 4 notes. */
const kindOf = (i: number) => i % 5;

/** The numbers among the fields (f001, f005, f006, f010, ...). */
export const numberFields = Array.from({ length: FIELDS }, (_, i) => i + 1)
  .filter((i) => kindOf(i) === 0 || kindOf(i) === 1)
  .map(fieldKey);

export function formDefinition() {
  const components = [];
  for (let i = 1; i <= FIELDS; i++) {
    const key = fieldKey(i);
    const label = `Question ${i}`;
    const kind = kindOf(i);
    if (kind === 0 || kind === 1)
      components.push({
        type: 'number',
        key,
        label,
        input: true,
        validate: { required: i % 2 === 0, min: 0, max: 1_000_000 },
      });
    else if (kind === 2)
      components.push({
        type: 'textfield',
        key,
        label,
        input: true,
        validate: { maxLength: 50, pattern: '[A-Za-z0-9 ]*' },
      });
    else if (kind === 3)
      components.push({
        type: 'radio',
        key,
        label,
        input: true,
        values: [
          { label: 'Yes', value: 'yes' },
          { label: 'No', value: 'no' },
        ],
        validate: { required: true },
      });
    else components.push({ type: 'textarea', key, label, input: true, validate: { maxLength: 2000 } });
  }
  return { display: 'form', components };
}

/** A full, valid answer that changes with every save. */
export function answers(seed: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 1; i <= FIELDS; i++) {
    const key = fieldKey(i);
    const kind = kindOf(i);
    if (kind === 0 || kind === 1) out[key] = (seed * 31 + i) % 10_000;
    else if (kind === 2) out[key] = `Ward ${seed % 97} bay ${i}`;
    else if (kind === 3) out[key] = (seed + i) % 2 === 0 ? 'yes' : 'no';
    else out[key] = `Notes for question ${i}, save ${seed}.`;
  }
  return out;
}

/**
 * The same answers as SQL, for seeding returns in bulk: `seed` is an SQL expression (an integer per
 * row). jsonb_build_object takes at most 100 arguments, so the object is built in parts joined by `||`.
 */
export function answersSql(seed: string): string {
  const parts: string[] = [];
  for (let start = 1; start <= FIELDS; start += 40) {
    const pairs: string[] = [];
    for (let i = start; i < Math.min(FIELDS + 1, start + 40); i++) {
      const key = fieldKey(i);
      const kind = kindOf(i);
      const value =
        kind === 0 || kind === 1
          ? `((${seed}) * 31 + ${i}) % 10000`
          : kind === 2
            ? `'Ward ' || ((${seed}) % 97) || ' bay ${i}'`
            : kind === 3
              ? `case when ((${seed}) + ${i}) % 2 = 0 then 'yes' else 'no' end`
              : `'Notes for question ${i}, save ' || (${seed}) || '.'`;
      pairs.push(`'${key}', ${value}`);
    }
    parts.push(`jsonb_build_object(${pairs.join(', ')})`);
  }
  return parts.join(' || ');
}
