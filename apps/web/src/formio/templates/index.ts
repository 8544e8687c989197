import type { Template } from './context';
import { datagridTemplate } from './datagrid';
import * as fields from './fields';
import { fileTemplate } from './file';
import * as layout from './layout';

/** Our template framework's name for Form.io (`options.template`). */
export const NHSUK_TEMPLATE = 'nhsuk';

/** Form.io's class names mapped to ours; Form.io asks through `transform('class', name)`. */
const cssClasses: Record<string, string> = {
  'form-group': 'nhsuk-form-group',
  'sr-only': 'nhsuk-u-visually-hidden',
  'formio-form-error': 'dcf-formio-error',
  'formio-form-alert': 'nhsuk-error-summary',
  'formio-alert-danger': 'nhsuk-error-summary',
  'formio-alert-success': 'nhsuk-inset-text',
  'formio-alert-warning': 'nhsuk-inset-text',
  'border-default': '',
  'formio-label-error': '',
  'formio-input-error': '',
};

/**
 * The NHS.UK template set, layered over Form.io's Bootstrap set so component types we do not draw
 * (rare ones: signature, data grids...) still render.
 */
export function nhsukTemplates(bootstrap: Record<string, unknown>) {
  const wizardHeader = { form: layout.wizardHeader };
  return {
    ...bootstrap,
    cssClasses,
    transform(type: string, text: string) {
      if (!text || type !== 'class') return text;
      return cssClasses[text] ?? text;
    },
    component: { form: fields.component },
    field: { form: fields.field },
    label: { form: fields.label },
    message: { form: fields.message },
    input: { form: fields.input },
    radio: { form: fields.radio },
    checkbox: { form: fields.checkbox },
    select: { form: fields.select },
    panel: { form: layout.panel },
    fieldset: { form: layout.fieldset },
    well: { form: layout.well },
    wizard: { form: layout.wizard },
    wizardHeader,
    wizardHeaderClassic: wizardHeader,
    wizardHeaderVertical: wizardHeader,
    wizardHeaderStepIndicator: wizardHeader,
    wizardNav: { form: layout.wizardNav },
    alert: { form: layout.alert },
    errorsList: { form: layout.errorsList },
    file: { form: fileTemplate((bootstrap.file as { form: Template }).form) },
    datagrid: { form: datagridTemplate((bootstrap.datagrid as { form: Template }).form) },
  };
}
