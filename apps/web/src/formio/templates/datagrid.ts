import type { Template, TemplateContext } from './context';

/**
 * Form.io's Bootstrap data grid draws each row's remove button as an icon only; no icon font is loaded,
 * so the button was an empty box. It says 'Remove' in words instead (its aria-label already did).
 */
export function visibleRemoveRowButtons(html: string): string {
  return html.replace(
    /(<button type="button" class="[^"]*formio-button-remove-row"[^>]*>)\s*<i class="[^"]*"><\/i>\s*<\/button>/g,
    '$1Remove</button>',
  );
}

/** The data grid's template: Bootstrap's, passed through `visibleRemoveRowButtons`. */
export const datagridTemplate =
  (bootstrap: Template): Template =>
  (ctx: TemplateContext) =>
    visibleRemoveRowButtons(bootstrap(ctx));
