import type { FormDefinition } from '../components';

/**
 * For tests that prove a form's code never runs: a definition carrying JavaScript in every place
 * Form.io evaluates it, each payload writing its own marker file (named after the place) with the
 * process's SESSION_SECRET in it, and setting answers to that secret. If any of it ran, a marker would
 * appear in `markerDir` or the secret in what the server saved or answered.
 */
export function codeCarryingDefinition(markerDir: string): FormDefinition {
  /** A JavaScript expression that writes `${markerDir}/${place}`. */
  const write = (place: string) =>
    `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(`${markerDir}/${place}`)}, String(process.env.SESSION_SECRET))`;
  /** The same as a statement that also sets Form.io's result variable to the secret. */
  const run = (place: string, result: string) => `${write(place)}; ${result} = process.env.SESSION_SECRET;`;
  /** JSON Logic that builds a function from text and calls it, through Form.io's lodash operations. */
  const jsonLogicCall = (place: string) => ({
    _invoke: [
      { _invoke: [{ var: 'data' }, 'constructor.constructor', `${write(place)}; return true;`] },
      'call',
    ],
  });
  return {
    display: 'wizard',
    module: `${write('formModule')};`,
    components: [
      {
        type: 'panel',
        key: 'page1',
        title: 'Page 1',
        input: false,
        nextPage: run('nextPage', 'next'),
        components: [
          {
            type: 'textfield',
            key: 'calculated',
            label: 'Calculated',
            input: true,
            calculateServer: true,
            calculateValue: run('calculateValue', 'value'),
            customDefaultValue: run('customDefaultValue', 'value'),
          },
          {
            type: 'textfield',
            key: 'conditional',
            label: 'Conditional',
            input: true,
            customConditional: run('customConditional', 'show'),
          },
          {
            type: 'textfield',
            key: 'reference',
            label: 'Reference',
            input: true,
            // A message template calling a function: Form.io evaluates the text found at that path.
            properties: { code: `${write('interpolate')};` },
            validate: {
              pattern: '[A-Z]+',
              customMessage: '{{ component.properties.code(1) }}',
              custom: run('validateCustom', 'valid'),
              json: jsonLogicCall('validateJson'),
            },
          },
          {
            type: 'textfield',
            key: 'logical',
            label: 'Logical',
            input: true,
            logic: [
              {
                name: 'code',
                trigger: { type: 'javascript', javascript: run('logicTrigger', 'result') },
                actions: [
                  { name: 'a', type: 'value', value: run('logicValue', 'value') },
                  { name: 'b', type: 'customAction', customAction: run('customAction', 'value') },
                  { name: 'c', type: 'mergeComponentSchema', schemaDefinition: run('mergeSchema', 'schema') },
                ],
              },
            ],
          },
          {
            type: 'textfield',
            key: 'jsonCondition',
            label: 'JSON condition',
            input: true,
            conditional: { json: jsonLogicCall('conditionalJson') },
          },
          {
            type: 'select',
            key: 'choice',
            label: 'Choice',
            input: true,
            dataSrc: 'custom',
            data: { custom: run('selectCustom', 'values') },
          },
          {
            type: 'datetime',
            key: 'when',
            label: 'When',
            input: true,
            widget: { type: 'calendar', minDate: `moment(${write('minDate')})` },
            datePicker: { disableFunction: `${write('disableFunction')}` },
          },
          {
            type: 'datagrid',
            key: 'rows',
            label: 'Rows',
            input: true,
            conditionalAddButton: run('conditionalAddButton', 'show'),
            components: [
              {
                type: 'number',
                key: 'n',
                label: 'N',
                input: true,
                calculateValue: run('rowCalculateValue', 'value'),
              },
            ],
          },
          {
            type: 'htmlelement',
            key: 'content',
            input: false,
            content: `<p>{% ${write('template')} %}</p>`,
            attributes: { onclick: `${write('onclick')}` },
          },
        ],
      },
    ],
  };
}

/** Answers for that definition (an answer that is itself code, in case anything evaluates answers). */
export function codeCarryingAnswers(markerDir: string): Record<string, unknown> {
  return {
    calculated: 'typed',
    conditional: 'shown',
    reference: 'lower-case fails the pattern',
    logical: 'x',
    jsonCondition: 'y',
    choice: 'a',
    when: '15/10/2026',
    rows: [{ n: 1 }],
    code: `process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(`${markerDir}/answer`)}, 'x')`,
  };
}

/** Every property of codeCarryingDefinition that must be refused (named in the 400). */
export const refusedProperties = [
  'The form, module',
  "'Page 1' (key 'page1'), nextPage",
  'calculateValue',
  'customDefaultValue',
  'customConditional',
  'validate.custom',
  'validate.customMessage',
  'validate.json',
  'logic[0].trigger.javascript',
  'logic[0].actions[0].value',
  'logic[0].actions[1].customAction',
  'logic[0].actions[2].schemaDefinition',
  'conditional.json',
  'data.custom',
  'widget.minDate',
  'datePicker.disableFunction',
  'conditionalAddButton',
  'content',
  'attributes.onclick',
];
