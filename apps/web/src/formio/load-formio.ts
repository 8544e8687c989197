import { NHSUK_TEMPLATE, nhsukTemplates } from './templates';

type FormioModule = typeof import('@formio/js/form');

let loading: Promise<FormioModule> | undefined;

/**
 * Loads the Form.io renderer (about 430 kB gzip) on first use, in a chunk of its own, and registers the
 * NHS.UK template set under `options.template = 'nhsuk'`. Registered by name rather than made current,
 * so a form builder elsewhere keeps Form.io's own look. A failed load is forgotten, so the next render
 * tries again.
 */
export function loadFormio(): Promise<FormioModule> {
  loading ??= import('@formio/js/form')
    .then((formio) => {
      const { Templates } = formio;
      Templates.addTemplate(NHSUK_TEMPLATE, nhsukTemplates(Templates.templates.bootstrap));
      return formio;
    })
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
