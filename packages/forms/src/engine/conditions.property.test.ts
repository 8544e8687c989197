import type { Component } from '@formio/core';
import { ProcessTargets, processSync } from '@formio/core/process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormComponent, FormDefinition } from '../components';
import { stripDefinition } from '../inspect-definition';
import { pruneAnswers } from './answers-data';
import { evaluateForm } from './evaluate';
import { configureFormio } from './formio';

/**
 * Conditions as Form.io's builders write them (decision 0035), on random forms: questions that trigger
 * (text, number, radio, select, select boxes, checkbox) at the top, in a panel, in a container, or in
 * the rows of a data grid or edit grid; questions shown or hidden by one of them in every format (the
 * legacy `when` / `eq`, the `conditions` list with each operator and `any` / `all`, a path into select
 * boxes `services.xray`, a grid sibling `staff.agency`, JSON Logic on `data` or `row`). Our engine must
 * show, hide and keep exactly what Form.io's own engine (@formio/core processSync, its own glue, given
 * the form as Form.io's server gives it) shows, hides and keeps, on the same data, row by row.
 */

type Trigger = { type: string; key: string; values: unknown[]; options?: string[] };
const TRIGGERS: Trigger[] = [
  { type: 'textfield', key: 'name', values: ['a', 'b', 'ab', ''] },
  { type: 'number', key: 'count', values: [1, 5, 10] },
  { type: 'radio', key: 'agency', values: ['yes', 'no'], options: ['yes', 'no'] },
  { type: 'select', key: 'grade', values: ['b5', 'b6'], options: ['b5', 'b6'] },
  { type: 'selectboxes', key: 'services', values: [], options: ['xray', 'mri'] },
  { type: 'checkbox', key: 'agreed', values: [true, false] },
];
const OPERATORS = [
  'isEqual',
  'isNotEqual',
  'isEmpty',
  'isNotEmpty',
  'lessThan',
  'greaterThan',
  'lessThanOrEqual',
  'greaterThanOrEqual',
  'includes',
  'notIncludes',
  'startsWith',
  'endsWith',
];
type Place = 'top' | 'panel' | 'container' | 'datagrid' | 'editgrid';

const triggerComponent = (t: Trigger): FormComponent => {
  const values = t.options?.map((value) => ({ label: value.toUpperCase(), value }));
  if (t.type === 'select') return { type: 'select', key: t.key, label: t.key, input: true, data: { values } };
  return { type: t.type, key: t.key, label: t.key, input: true, ...(values ? { values } : {}) };
};

const arbitraryCondition = (trigger: Trigger, place: Place) => {
  const inRows = place === 'datagrid' || place === 'editgrid';
  const path = place === 'container' || inRows ? `outer.${trigger.key}` : trigger.key;
  const compared: fc.Arbitrary<unknown> =
    trigger.type === 'selectboxes'
      ? fc.constantFrom(...(trigger.options ?? []))
      : trigger.values.length > 0
        ? fc.constantFrom(...trigger.values)
        : fc.constant('');
  const legacy = fc.record({ show: fc.boolean(), eq: compared }).map(({ show, eq }) => ({
    show,
    when: path,
    eq: String(eq),
  }));
  const list = fc
    .record({
      show: fc.boolean(),
      conjunction: fc.constantFrom('all', 'any'),
      operator: fc.constantFrom(...OPERATORS),
      value: compared,
      option: fc.boolean(),
    })
    .map(({ show, conjunction, operator, value, option }) => {
      // A path into select boxes (`services.xray`), as the builder writes for one option, compared with true.
      const intoOption = trigger.type === 'selectboxes' && option;
      return {
        show,
        conjunction,
        conditions: [
          intoOption
            ? { component: `${path}.${String(value)}`, operator: 'isEqual', value: true }
            : { component: path, operator, value },
        ],
      };
    });
  const json = fc.record({ show: fc.constant(true), value: compared }).map(({ value }) => ({
    json: {
      '===': [
        { var: `${inRows ? 'row' : place === 'container' ? 'data.outer' : 'data'}.${trigger.key}` },
        value,
      ],
    },
  }));
  return fc.oneof(legacy, list, json);
};

const arbitraryForm = fc
  .record({
    place: fc.constantFrom<Place>('top', 'panel', 'container', 'datagrid', 'editgrid'),
    triggers: fc.uniqueArray(fc.constantFrom(...TRIGGERS), {
      minLength: 1,
      maxLength: 3,
      selector: (t) => t.key,
    }),
  })
  .chain(({ place, triggers }) =>
    fc
      .array(
        fc.constantFrom(...triggers).chain((t) => arbitraryCondition(t, place)),
        { minLength: 1, maxLength: 4 },
      )
      .map((conditions) => ({ place, triggers, conditions })),
  );

function build({ place, triggers, conditions }: { place: Place; triggers: Trigger[]; conditions: object[] }) {
  const inner: FormComponent[] = [
    ...triggers.map(triggerComponent),
    ...conditions.map((conditional, i) => ({
      type: 'textfield',
      key: `shown${i}`,
      label: `Shown ${i}`,
      input: true,
      conditional,
    })),
  ];
  const wrap: Record<Place, FormComponent> = {
    top: { type: 'well', key: 'outer', input: false, components: inner },
    panel: { type: 'panel', key: 'outer', title: 'Outer', input: false, components: inner },
    container: {
      type: 'container',
      key: 'outer',
      label: 'Outer',
      input: true,
      tree: true,
      components: inner,
    },
    datagrid: { type: 'datagrid', key: 'outer', label: 'Outer', input: true, tree: true, components: inner },
    editgrid: { type: 'editgrid', key: 'outer', label: 'Outer', input: true, tree: true, components: inner },
  };
  return { display: 'form', components: [wrap[place]] } as FormDefinition;
}

const arbitraryRow = (triggers: Trigger[], shown: number) =>
  fc.record(
    Object.fromEntries([
      ...triggers.map((t) => [
        t.key,
        t.type === 'selectboxes'
          ? fc.record(Object.fromEntries((t.options ?? []).map((o) => [o, fc.boolean()])))
          : fc.constantFrom(...t.values),
      ]),
      ...Array.from({ length: shown }, (_, i) => [`shown${i}`, fc.constant(`kept ${i}`)]),
    ]),
  );

function formio(definition: FormDefinition, data: Record<string, unknown>) {
  const components = structuredClone(definition.components) as Component[];
  const scope = { errors: [] } as { conditionals?: { path: string; conditionallyHidden: boolean }[] };
  const copy = structuredClone(data);
  processSync({
    form: { components },
    components,
    data: copy,
    processors: ProcessTargets.evaluator,
    scope,
    config: { server: true },
  } as unknown as Parameters<typeof processSync>[0]);
  const hidden = (scope.conditionals ?? [])
    .filter((c) => c.conditionallyHidden && /shown\d+$/.test(c.path))
    .map((c) => c.path);
  return { data: copy, hidden: [...new Set(hidden)].sort() };
}

describe('conditions: our engine shows, hides and keeps what Form.io’s engine does', () => {
  configureFormio();
  it('on random forms with conditions in every format Form.io’s builders write, row by row', () => {
    fc.assert(
      fc.property(
        arbitraryForm.chain((form) =>
          fc
            .array(arbitraryRow(form.triggers, form.conditions.length), {
              minLength: 1,
              maxLength: form.place === 'datagrid' || form.place === 'editgrid' ? 3 : 1,
            })
            .map((rows) => ({ form, rows })),
        ),
        ({ form, rows }) => {
          const definition = stripDefinition(build(form));
          const inRows = form.place === 'datagrid' || form.place === 'editgrid';
          const answers = inRows
            ? { outer: rows }
            : form.place === 'container'
              ? { outer: rows[0] }
              : rows[0];
          const pruned = pruneAnswers(definition.components, answers as Record<string, unknown>);
          const theirs = formio(definition, pruned);
          const ours = evaluateForm(definition, answers as Record<string, unknown>, 'draft');
          const hidden = [...ours.hidden].filter((path) => /shown\d+$/.test(path)).sort();
          expect({ data: ours.data, hidden }).toEqual(theirs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
