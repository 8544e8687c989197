import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../components';
import { evaluateForm } from '../engine/evaluate';
import { form } from '../testing/single-page-form';
import { checkDefinition, problemMessages } from './check-definition';

describe('checkDefinition', () => {
  it('converts JavaScript JSON Logic can say, moves it where Form.io reads JSON Logic, and lists each conversion', () => {
    const check = checkDefinition(
      form([
        { type: 'number', key: 'a', label: 'A', input: true },
        { type: 'number', key: 'b', label: 'B', input: true },
        {
          type: 'number',
          key: 'total',
          label: 'Total',
          input: true,
          calculateValue: 'value = data.a + data.b;',
        },
        {
          type: 'textfield',
          key: 'why',
          label: 'Why',
          input: true,
          customConditional: 'show = data.total > 10;',
        },
        {
          type: 'number',
          key: 'c',
          label: 'C',
          input: true,
          validate: { custom: "valid = input > 0 ? true : 'C must be above 0';" },
        },
      ]),
    );
    expect(check.problems).toEqual([]);
    const [, , total, why, c] = check.definition.components;
    expect(total?.calculateValue).toEqual({ '+': [{ var: 'data.a' }, { var: 'data.b' }] });
    expect(why?.customConditional).toBeUndefined();
    expect(why?.conditional).toEqual({ json: { '>': [{ var: 'data.total' }, 10] } });
    expect(c?.validate).toEqual({
      json: { if: [{ '>': [{ var: 'input' }, 0] }, true, 'C must be above 0'] },
    });
    expect(check.conversions.map((x) => [x.component?.key, x.property, x.toProperty])).toEqual([
      ['total', 'calculateValue', undefined],
      ['why', 'customConditional', 'conditional.json'],
      ['c', 'validate.custom', 'validate.json'],
    ]);
    // The converted definition behaves as the JavaScript did.
    const state = evaluateForm(check.definition, { a: 4, b: 9, c: -1 }, 'completed');
    expect(state.data).toMatchObject({ total: 13 });
    expect(state.errors).toEqual({ c: ['C must be above 0'] });
  });

  it('names every component (label and key) and property it refuses, and says JSON Logic is the way', () => {
    const check = checkDefinition(
      form([
        {
          type: 'textfield',
          key: 'name',
          label: 'Your name',
          input: true,
          validate: { custom: 'valid = instance.isValid()' },
        },
        {
          type: 'select',
          key: 'ward',
          input: true,
          dataSrc: 'url',
          data: { url: 'https://example.org/wards' },
        },
      ]),
    );
    expect(problemMessages(check.problems)).toEqual([
      "'Your name' (key 'name'), validate.custom: custom JavaScript is never run and this cannot be converted to JSON Logic (it uses \"instance\", which JSON Logic has no equivalent for): write it as JSON Logic or a simple condition instead",
      "'ward', dataSrc: options are never fetched from a URL: list the options in the form (data.values)",
    ]);
  });

  it('walks a textarea\'s "rows": 3 as a number, not a table (builder output uploads)', () => {
    const check = checkDefinition(
      form([
        { type: 'textarea', key: 'notes', label: 'Notes', input: true, rows: 3 },
        {
          type: 'table',
          key: 't',
          input: false,
          rows: [[{ components: [{ type: 'textfield', key: 'cell', label: 'Cell', input: true }] }]],
        },
        { type: 'button', key: 'submit', action: 'submit', input: true },
      ]),
    );
    expect(check.problems).toEqual([]);
    expect(check.definition.components.map((c) => c.key)).toEqual(['notes', 't']);
  });

  it('refuses a question with no key, even when the export leaves out `input: true` (its answer would be lost)', () => {
    const check = checkDefinition(
      form([
        { type: 'radio', label: 'Permit', values: [{ label: 'One', value: 1 }] },
        { type: 'datagrid', label: 'Wards', components: [{ type: 'textfield', key: 'ward', label: 'Ward' }] },
        { type: 'htmlelement', content: '<p>Guidance</p>' },
        { type: 'panel', title: 'Section', components: [{ type: 'number', key: 'beds', label: 'Beds' }] },
        { type: 'button', label: 'Submit', action: 'submit' },
      ]),
    );
    expect(problemMessages(check.problems)).toEqual([
      "'Permit', key: a question must have a key",
      "'Wards', key: a question must have a key",
    ]);
  });

  it('refuses hostile shapes with a message, never an exception', () => {
    let deep: Record<string, unknown> = { type: 'textfield', key: 'leaf', input: true };
    for (let i = 0; i < 30; i++) deep = { type: 'panel', key: `p${i}`, input: false, components: [deep] };
    const check = checkDefinition(
      form([
        deep,
        { type: 'number', key: 'dup', label: 'First', input: true },
        { type: 'number', key: 'dup', label: 'Second', input: true },
        {
          type: 7,
          key: ['x'],
          input: 'yes',
          validate: { required: 'true', maxLength: 'ten', pattern: '(a+)\\1$' },
        },
        { type: 'textfield', key: '__proto__', input: true },
      ] as FormDefinition['components']),
    );
    const messages = problemMessages(check.problems);
    expect(messages).toContain("'p9', components: components are nested more than 20 levels deep");
    expect(messages).toContain(
      `'Second' (key 'dup'), key: another question (First) already keeps its answer at "dup": give each question its own key`,
    );
    expect(messages.filter((m) => m.startsWith('Component 24,'))).toEqual([
      'Component 24, type: must be text',
      'Component 24, key: must be text',
      'Component 24, input: must be true or false',
      'Component 24, validate.required: must be true or false',
      'Component 24, validate.maxLength: must be a number',
      'Component 24, validate.pattern: the pattern cannot be used: it refers back to a group ("\\1"), which cannot be checked in linear time',
    ]);
    expect(messages).toContain(
      `'__proto__', key: may use only letters, digits, "_", "-" and "." (not at either end)`,
    );
  });

  it("refuses a condition's path through a prototype, and a stored one reads nothing", () => {
    const components = [
      { type: 'textfield', key: 'a', label: 'A', input: true },
      {
        type: 'textfield',
        key: 'b',
        label: 'B',
        input: true,
        conditional: { show: false, when: 'constructor.name', eq: 'Object' },
        logic: [
          {
            trigger: { type: 'simple', simple: { show: true, when: 'a.__proto__', eq: 'x' } },
            actions: [{ type: 'property', property: { value: 'hidden', type: 'boolean' }, state: true }],
          },
        ],
      },
      { type: 'textfield', key: 'x.constructor', label: 'X', input: true },
    ] as FormDefinition['components'];
    expect(problemMessages(checkDefinition(form(components)).problems)).toEqual([
      "'B' (key 'b'), conditional.when: must be the key of a question",
      "'B' (key 'b'), logic[0].trigger.simple.when: must be the key of a question",
      `'X' (key 'x.constructor'), key: may use only letters, digits, "_", "-" and "." (not at either end)`,
    ]);
    // Form.io read `constructor.name` from the answers with lodash's get ("Object") and hid B; the
    // condition is ignored instead, as one that names nothing.
    const state = evaluateForm(form(components), { a: 'y', b: 'kept', 'x.constructor': 'z' }, 'completed');
    expect(state.hidden).toEqual(new Set());
    expect(state.data).toEqual({ a: 'y', b: 'kept' });
    expect(({} as Record<string, unknown>).z).toBeUndefined();
  });
});
