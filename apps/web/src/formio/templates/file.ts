import type { Template, TemplateContext } from './context';

const words: Record<string, string> = {
  removeLink: 'Remove',
  fileToSyncRemove: 'Remove',
  restoreFile: 'Restore',
};

/**
 * Form.io's Bootstrap markup for a file component, made usable without Bootstrap: its icon-only
 * `<i tabindex="0">` controls (remove, restore, cancel) were invisible (no icon font is loaded), not
 * buttons for keyboards and, with an aria-label on an `<i>`, an axe violation; they become link-styled
 * buttons with words, keeping the `ref`/`id` Form.io listens on. The progress bar gets a name (axe
 * aria-progressbar-name); the screen-reader text takes NHS.UK's class.
 */
export function accessibleFileMarkup(html: string): string {
  return html
    .replace(
      /<i tabindex="0" class="[^"]*" ref="(removeLink|fileToSyncRemove|restoreFile)"(?: aria-label="([^"]*)")?><\/i>/g,
      (_all, ref: string, label?: string) =>
        `<button type="button" class="dcf-link-button" ref="${ref}"${label ? ` aria-label="${label}"` : ''}>${words[ref]}</button>`,
    )
    .replace(
      /<i id="(abort-[^"]*)" tabindex="0" class="[^"]*"><\/i>/g,
      '<button type="button" class="dcf-link-button" id="$1">Cancel upload</button>',
    )
    .replace(/role="progressbar"/g, 'role="progressbar" aria-label="Upload progress"')
    .replace(/class="visually-hidden"/g, 'class="nhsuk-u-visually-hidden"');
}

/** The file component's template: Bootstrap's, passed through `accessibleFileMarkup`. */
export const fileTemplate =
  (bootstrap: Template): Template =>
  (ctx: TemplateContext) =>
    accessibleFileMarkup(bootstrap(ctx));
