import { NHSUK_TEMPLATE, nhsukTemplates } from './templates';

type FormioModule = typeof import('@formio/js/form');

let loading: Promise<FormioModule> | undefined;

/**
 * Loads the Form.io renderer (about 430 kB gzip) on first use, in a chunk of its own, and registers the
 * NHS.UK template set under `options.template = 'nhsuk'`. Registered by name rather than made current,
 * so a form builder elsewhere keeps Form.io's own look. A failed load is forgotten, so the next render
 * tries again. Definitions therefore cannot run JavaScript (custom conditions, calculated values): use
 * simple conditions and JSON logic.
 */
export function loadFormio(): Promise<FormioModule> {
  // One of Form.io's dependencies (custom-event, through dragula) reads Node's `global` when it loads.
  (globalThis as { global?: unknown }).global ??= globalThis;
  loading ??= import('@formio/js/form')
    .then((formio) => {
      const { Formio, Templates } = formio;
      // Our content security policy forbids eval: Form.io's string templates must use its eval-free
      // interpolation ({{ }} only). Our own templates are functions, which never needed eval.
      Formio.Evaluator.noeval = true;
      Templates.addTemplate(NHSUK_TEMPLATE, nhsukTemplates(Templates.templates.bootstrap));
      return formio;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
