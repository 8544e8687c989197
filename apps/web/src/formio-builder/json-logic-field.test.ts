import { describe, expect, it } from 'vitest';
import { jsonLogicProblem, jsonLogicText, jsonLogicValue } from './json-logic-field';

describe('the JSON Logic box', () => {
  it('keeps a rule as the parsed rule, and shows it as indented JSON', () => {
    const rule = { '+': [{ var: 'data.nurses' }, { var: 'data.doctors' }] };
    expect(jsonLogicProblem(JSON.stringify(rule))).toBeNull();
    expect(jsonLogicValue(JSON.stringify(rule))).toEqual(rule);
    expect(jsonLogicText(rule)).toBe(JSON.stringify(rule, null, 2));
    expect(jsonLogicValue('true')).toBe(true);
  });

  it("treats an empty box as Form.io's 'none'", () => {
    expect(jsonLogicProblem('  \n')).toBeNull();
    expect(jsonLogicValue('')).toBe('');
    expect(jsonLogicText('')).toBe('');
    expect(jsonLogicText(undefined)).toBe('');
  });

  it('refuses text that is not JSON, keeping it in the box with the reason', () => {
    const problem = jsonLogicProblem('{"+": [1, 2]');
    expect(problem).toMatch(/^Enter the rule as JSON \(/);
    expect(jsonLogicValue('{"+": [1, 2]')).toBe('{"+": [1, 2]');
  });

  it('refuses JavaScript, bare or quoted, and shows JavaScript from an uploaded form as it is', () => {
    expect(jsonLogicProblem('value = data.a + data.b;')).toMatch(/^Enter the rule as JSON/);
    expect(jsonLogicProblem('"value = data.a + data.b;"')).toBe(
      'Enter the rule as JSON Logic, such as {"var": "data.answer"}, not as text or JavaScript',
    );
    expect(jsonLogicText('value = data.a + data.b;')).toBe('value = data.a + data.b;');
  });
});
