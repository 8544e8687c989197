import { type Component, type DataObject, process as formioProcess, ProcessTargets } from '@formio/core';
import { walkAnswers } from '../components';
import { pruneAnswers } from '../engine/answers-data';
import { defaultAnswers } from '../engine/evaluate';
import { sampleAnswers } from './sample-answers';

/**
 * For tests: the answer sets a corpus form is tried with, and Form.io's own verdict on them, shared by
 * the engine's comparison (corpus-verdicts.test.ts) and the API's corpus test through HTTP.
 */
export const intendedDifferences: Record<string, string> = {
  // Form.io's server fills a question's default back in when the answer is missing; we never re-fill
  // an answer a person cleared (defaults start a new return: defaultAnswers).
  'inline-embed / without src': 'a cleared answer stays cleared',
  'nav-select-boxes / without selectBoxesWithDefaultValue': 'a cleared answer stays cleared',
  // Form.io's server drops a grid row with no answers (`{}`) before validating it; its browser renderer,
  // like us, asks for the required answers of every row there is.
  'simple-nested-form / empty': 'an empty grid row is checked',
  'numbers-in-datagrid / empty': 'an empty grid row is checked',
  'numbers-in-datagrid / without dataGrid[0].number': 'an empty grid row is checked',
  'datagrid-panel-and-editgrid / empty': 'an empty grid row is checked',
  'datagrid-panel-and-editgrid / without dataGrid[0].textField': 'an empty grid row is checked',
  'datagrid-panel-and-editgrid / without editGrid[0].number': 'an empty grid row is checked',
  // A pattern that looks ahead cannot be checked in linear time (decision 0030): the upload refuses the
  // form, so the engine never meets it; given it anyway, it says the form cannot be checked.
  'nl-postcode / pattern someInput': 'a lookahead pattern is refused on upload',
};

/**
 * A valid return where the generated sample is not one: the forms whose own rules ask for one exact
 * text (their validation says which). Their sample is then one more wrong answer set.
 */
export const validAnswers: Record<string, Record<string, unknown>> = {
  'custom-validation': { customValidation: '123' },
  'json-logic-validation': { jsonLogic: '123' },
  'json-logic-conditions': { typeShow: 'Show', typeMe: 'Me', typeThe: 'The', typeMonkey: 'Monkey!' },
};

export async function formioVerdict(
  components: Component[],
  data: Record<string, unknown>,
): Promise<string[]> {
  const copy = structuredClone(components);
  const context = {
    // Form.io's server gives its processors the form: its conditions find the questions they name in it.
    form: { components: copy },
    components: copy,
    data: structuredClone(data) as DataObject,
    processors: ProcessTargets.submission,
    scope: {} as { errors?: { context: { path: string } }[] },
    config: { server: true },
    // Form.io's fetch processor would call out for a data source: never in a test.
    fetch: () => Promise.reject(new Error('no network in tests')),
  };
  await formioProcess(context as unknown as Parameters<typeof formioProcess>[0]);
  context.processors = ProcessTargets.evaluator;
  context.scope = {};
  await formioProcess(context as unknown as Parameters<typeof formioProcess>[0]);
  return [...new Set((context.scope.errors ?? []).map((e) => e.context.path))].sort();
}

function setAt(data: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let holder = data as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) holder = holder[part] as Record<string, unknown>;
  const last = parts.at(-1) as string;
  if (value === undefined) delete holder[last];
  else holder[last] = value;
}

/** The answer sets a form is tried with, by name. */
export function answerSets(components: Component[] & Parameters<typeof walkAnswers>[0]) {
  const empty = defaultAnswers({ display: 'form', components });
  const sample = pruneAnswers(components, { ...empty, ...sampleAnswers(components) });
  const sets: [string, Record<string, unknown>][] = [
    ['sample', sample],
    ['empty', empty],
  ];
  const variant = (name: string, path: string, value: unknown) => {
    const answers = structuredClone(sample);
    setAt(answers, path, value);
    sets.push([`${name} ${path}`, answers]);
  };
  walkAnswers(components, sample, ({ component, path }) => {
    const validate = (component.validate ?? {}) as Record<string, unknown>;
    if (validate.required) variant('without', path, undefined);
    if (validate.maxLength) variant('long', path, 'x'.repeat(Number(validate.maxLength) + 1));
    if (component.type === 'email') variant('email', path, 'not an email');
    if (component.type === 'number' && validate.max !== undefined && validate.max !== '')
      variant('over', path, Number(validate.max) + 1);
    if (validate.pattern) variant('pattern', path, '!!!');
  });
  return sets;
}
