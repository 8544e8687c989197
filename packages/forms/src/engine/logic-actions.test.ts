import { ProcessorMap } from '@formio/core/process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDefinition, problemMessages } from '../convert/check-definition';
import { settablePaths } from '../settable-properties';
import { HOSTILE_TEXT, snapshot } from '../testing/hostile';
import { processOutcome } from '../testing/process-outcome';
import { evaluateForm } from './evaluate';
import { configureFormio, processComponents, processors } from './formio';

/**
 * Form.io's logic actions applied by our own code (engine/logic-actions.ts, decision 0030): on generated
 * forms whose logic uses what Form.io's builder offers, the same answers, hidden components, errors and
 * component properties as Form.io's own logic processor; a property outside the closed list is refused
 * on upload and never set, whatever path a manager writes.
 */

type Component = Record<string, unknown>;

const theirProcessors = processors.map((p) =>
  p.name === 'logic' ? (ProcessorMap.logic as (typeof processors)[number]) : p,
);

function run(components: Component[], answers: Record<string, unknown>, list: typeof processors) {
  const copy = structuredClone(components);
  const data = structuredClone(answers);
  const scope: Record<string, unknown> = { errors: [] };
  processComponents({ components: copy, data, processors: list, scope });
  const target = copy.find((c) => c.key === 'target') as Component;
  const validate = (target.validate ?? {}) as Component;
  return {
    ...processOutcome(data, scope),
    target: {
      hidden: target.hidden,
      disabled: target.disabled,
      required: validate.required,
      label: target.label,
      description: target.description,
      placeholder: target.placeholder,
    },
  };
}

const word = fc.constantFrom('yes', 'no', 'maybe', 'Ward 7');
const trigger = fc.oneof(
  word.map((value) => ({
    type: 'simple',
    simple: { show: true, conjunction: 'all', conditions: [{ component: 'a', operator: 'isEqual', value }] },
  })),
  word.map((value) => ({ type: 'json', json: { '==': [{ var: 'data.a' }, value] } })),
  fc.integer({ min: 0, max: 5 }).map((n) => ({ type: 'json', json: { '>': [{ var: 'data.b' }, n] } })),
  word.map((value) => ({ type: 'simple', simple: { show: 'true', when: 'a', eq: value } })),
);
const booleanAction = fc.record({
  type: fc.constant('property'),
  property: fc.constantFrom(
    { label: 'Hidden', value: 'hidden', type: 'boolean' },
    { label: 'Required', value: 'validate.required', type: 'boolean' },
    { label: 'Disabled', value: 'disabled', type: 'boolean' },
  ),
  state: fc.constantFrom(true, false, 'true', 'false'),
});
const textAction = fc.record({
  type: fc.constant('property'),
  property: fc.constantFrom(
    { label: 'Label', value: 'label', type: 'string' },
    { label: 'Description', value: 'description', type: 'string' },
    { label: 'Placeholder', value: 'placeholder', type: 'string' },
  ),
  text: fc.constantFrom(
    'Beds',
    'Beds in {{ data.a }}',
    '{{ data.b }} of {{ value }}',
    '{{ data.a || data.b }}',
  ),
});
const valueAction = fc.record({
  type: fc.constant('value'),
  value: fc.constantFrom(
    { '+': [{ var: 'data.b' }, 1] },
    { '*': [{ var: 'value' }, 2] },
    { if: [{ var: 'result' }, 7, 0] },
    { cat: [{ var: 'data.a' }, '!'] },
  ),
});
const mergeAction = fc.record({
  type: fc.constant('mergeComponentSchema'),
  schemaDefinition: fc.record({ label: word, hidden: fc.boolean() }),
});
const logicItem = fc.record({
  name: fc.constant('rule'),
  trigger,
  actions: fc.array(fc.oneof(booleanAction, textAction, valueAction, mergeAction), {
    minLength: 1,
    maxLength: 3,
  }),
});

const formWith = (logic: unknown[], required: boolean): Component[] => [
  { type: 'textfield', key: 'a', label: 'A', input: true },
  { type: 'number', key: 'b', label: 'B', input: true },
  {
    type: 'number',
    key: 'target',
    label: 'Target',
    input: true,
    validate: { required, max: 20 },
    clearOnHide: true,
    logic,
  },
];

describe('logic actions', () => {
  configureFormio();

  it("apply as Form.io's logic processor does, on generated forms", () => {
    fc.assert(
      fc.property(
        fc.array(logicItem, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.record({ a: word, b: fc.integer({ min: 0, max: 30 }), target: fc.integer({ min: 0, max: 30 }) }),
        (logic, required, answers) => {
          const components = formWith(logic, required);
          expect(run(components, answers, processors)).toEqual(run(components, answers, theirProcessors));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('set no property outside the closed list, whatever path a manager writes', () => {
    const before = snapshot();
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom('__proto__.polluted', 'validate.pattern')),
        fc.constantFrom('boolean', 'string'),
        (path, type) => {
          const logic = [
            {
              trigger: { type: 'json', json: { '==': [1, 1] } },
              actions: [{ type: 'property', property: { value: path, type }, state: true, text: 'x' }],
            },
          ];
          const components = formWith(logic, false);
          const outcome = run(components, { a: 'yes', b: 1, target: 2 }, processors);
          if (!settablePaths.includes(path))
            expect(outcome.target).toEqual({
              hidden: undefined,
              disabled: undefined,
              required: false,
              label: 'Target',
              description: undefined,
              placeholder: undefined,
            });
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          const check = checkDefinition({ components } as never);
          if (!settablePaths.includes(path))
            expect(problemMessages(check.problems)).toEqual([
              expect.stringMatching(
                /^'Target' \(key 'target'\), logic\[0\]\.actions\[0\]\.property\.(value|type): /,
              ),
            ]);
        },
      ),
    );
    expect(snapshot()).toEqual(before);
  });

  it('refuse on upload what the engine would not apply, naming the component, the action and the property', () => {
    const components = formWith(
      [
        {
          trigger: { type: 'json', json: { '==': [{ var: 'data.a' }, 'yes'] } },
          actions: [
            { type: 'property', property: { value: 'validate.pattern', type: 'string' }, text: '.*' },
            { type: 'property', property: { value: 'hidden', type: 'string' }, text: 'x' },
            { type: 'property', property: { value: 'label', type: 'string' }, text: '{{ component.key }}' },
            { type: 'mergeComponentSchema', schemaDefinition: { validate: { required: true }, tooltip: 3 } },
            { type: 'mergeComponentSchema', schemaDefinition: "schema = { label: data.a + '!' };" },
            { type: 'value', value: { _sumBy: [{ var: 'data.rows' }, 'beds'] } },
            { type: 'value', value: 'value = data.b.toFixed(2);' },
            { type: 'customAction', customAction: 'data.b = 1;' },
          ],
        },
      ],
      false,
    );
    expect(problemMessages(checkDefinition({ components } as never).problems)).toEqual([
      `'Target' (key 'target'), logic[0].actions[0].property.value: logic may not set "validate.pattern": it may set ${settablePaths.join(', ')}`,
      `'Target' (key 'target'), logic[0].actions[1].property.type: "hidden" is true or false: its type must be "boolean"`,
      `'Target' (key 'target'), logic[0].actions[2].text: "{{ component.key }}" cannot be filled in: a text may name only values under data, row, result, value`,
      `'Target' (key 'target'), logic[0].actions[3].schemaDefinition.validate: a merged schema may not replace "validate": set Required with a "property" action (validate.required)`,
      `'Target' (key 'target'), logic[0].actions[3].schemaDefinition.tooltip: must be text`,
      `'Target' (key 'target'), logic[0].actions[4].schemaDefinition: custom JavaScript is never run and this is not only an assignment of plain values (schema = { label: 'New label' }): "label" is not a plain text, number or true/false`,
      `'Target' (key 'target'), logic[0].actions[5].value: this JSON Logic is not allowed: the operation "_sumBy" is not supported`,
      `'Target' (key 'target'), logic[0].actions[6].value: custom JavaScript is never run and this cannot be converted to JSON Logic (it calls ".toFixed()"): write it as JSON Logic or a simple condition instead`,
      `'Target' (key 'target'), logic[0].actions[7].customAction: custom JavaScript is never run: set the value with a "value" action in JSON Logic, or a calculated value (calculateValue)`,
    ]);
  });

  it("convert JavaScript Form.io's builder writes for a value and a merged schema, and apply them", () => {
    const components = formWith(
      [
        {
          trigger: { type: 'javascript', javascript: "result = data.a === 'yes';" },
          actions: [
            { type: 'value', value: 'value = data.b * 2;' },
            {
              type: 'mergeComponentSchema',
              schemaDefinition: "schema = { label: 'Doubled', disabled: true };",
            },
            { type: 'property', property: { value: 'validate.required', type: 'boolean' }, state: 'true' },
          ],
        },
      ],
      false,
    );
    const check = checkDefinition({ components } as never);
    expect(check.problems).toEqual([]);
    expect(check.conversions.map((c) => [c.property, c.to])).toEqual([
      ['logic[0].trigger.javascript', { '===': [{ var: 'data.a' }, 'yes'] }],
      ['logic[0].actions[0].value', { '*': [{ var: 'data.b' }, 2] }],
      ['logic[0].actions[1].schemaDefinition', { label: 'Doubled', disabled: true }],
    ]);
    const state = evaluateForm(check.definition, { a: 'yes', b: 4 }, 'completed');
    expect(state.data).toEqual({ a: 'yes', b: 4, target: 8 });
    expect(evaluateForm(check.definition, { a: 'yes', b: 14 }, 'completed').errors).toEqual({
      target: ['Doubled must be 20 or less'],
    });
  });

  it('say the form cannot be checked when a value action cannot be evaluated', () => {
    const components = formWith(
      [
        {
          trigger: { type: 'json', json: { '==': [1, 1] } },
          actions: [{ type: 'value', value: { _sumBy: [{ var: 'data.rows' }, 'beds'] } }],
        },
      ],
      false,
    );
    const state = evaluateForm({ components } as never, { a: 'yes', b: 1 }, 'completed');
    expect(state.unchecked.map((u) => [u.component.key, u.property, u.operation])).toEqual([
      ['target', 'logic[0].actions[0].value', '_sumBy'],
    ]);
  });
});
