/**
 * The builder's template set: Form.io's Bootstrap 5 templates, with the builder's own parts redrawn so
 * that every control is a real button with a name in words (no icon font is loaded, and an icon-only
 * `<div role="button" tabindex="-1">` cannot be reached by keyboard), the palette is a list of buttons
 * under a labelled search box, the settings dialog is a labelled modal, and tooltips and tabs pass axe.
 * Registered under BUILDER_TEMPLATE and chosen through the builder's `template` option.
 */

/** Our name for the set (`options.template`). */
export const BUILDER_TEMPLATE = 'dcfbuilder';

/** The settings dialog's heading, which names the dialog (one dialog is open at a time). */
export const DIALOG_TITLE_ID = 'dcf-component-settings-title';

/** What Form.io hands a template; only the parts these templates read are described. */
export interface BuilderTemplateContext {
  t: (text: string | undefined, params?: Record<string, unknown>) => string;
  id?: string;
  html?: string;
  // builder, builderWizard
  sidebar?: string;
  form?: string;
  pages?: { title?: string; key?: string }[];
  self?: { page?: number };
  // builderSidebar, builderSidebarGroup
  groupId?: string;
  groupKey?: string;
  scrollEnabled?: boolean;
  groups?: string[];
  subgroups?: string[];
  group?: {
    title: string;
    default?: boolean;
    componentOrder: string[];
    components: Record<string, { key: string; title: string; schema: { type: string } } | undefined>;
  };
  // builderComponent, builderPlaceholder
  childComponent?: Record<string, unknown>;
  disableBuilderActions?: boolean;
  editComponent?: boolean;
  position?: number;
  // builderEditForm
  componentInfo?: { title?: string };
  editForm?: string;
  preview?: string | false;
  showPreview?: boolean;
  // tab
  component?: { components?: { key: string; label: string }[] };
  currentTab?: number;
  tabLikey?: string;
  tabLinkKey?: string;
  tabKey?: string;
  tabComponents?: string[];
}
type Template = (ctx: BuilderTemplateContext) => string;
type TemplateSet = Record<string, unknown>;

/** Escapes text for HTML content and attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A component's name in the builder's buttons: its label, else its title or key. */
export function componentName(component: Record<string, unknown> | undefined): string {
  const name = component?.label || component?.title || component?.legend || component?.key || 'component';
  return String(name)
    .replace(/<[^>]*>/g, '')
    .trim();
}

const builder: Template = (ctx) => `<div class="formio builder formbuilder dcf-builder">
  <div class="formcomponents">${ctx.sidebar}</div>
  <div class="formarea" ref="form" aria-label="The form being built" role="region">${ctx.form}</div>
</div>`;

/**
 * A wizard: its pages as buttons (the current one marked for screen readers too) and an "Add a page"
 * button. Form.io finds them by their refs (gotoPage, addPage).
 */
const builderWizard: Template = (ctx) => {
  const pages = (ctx.pages as { title?: string; key?: string }[])
    .map((page, index) => {
      const current = index === ctx.self?.page;
      return `<li><button type="button" class="btn btn-sm ${current ? 'btn-primary' : 'btn-outline-primary'} wizard-page-label" ref="gotoPage"${
        current ? ' aria-current="step"' : ''
      }>Page ${index + 1}: ${escapeHtml(page.title || page.key)}</button></li>`;
    })
    .join('');
  return `<div class="formio builder formbuilder dcf-builder">
  <div class="formcomponents">${ctx.sidebar}</div>
  <div class="formarea" role="region" aria-label="The form being built">
    <nav aria-label="Wizard pages"><ul class="dcf-builder-pages">${pages}
      <li><button type="button" class="btn btn-sm btn-success wizard-page-label" ref="addPage">Add a page</button></li>
    </ul></nav>
    <div ref="form">${ctx.form}</div>
  </div>
</div>`;
};

/** The palette: a labelled search box and the groups. Form.io's role="tablist" (with no tabs) is gone. */
const builderSidebar: Template = (ctx) => `<div id="${escapeHtml(ctx.groupId)}" class="builder-sidebar${
  ctx.scrollEnabled ? ' builder-sidebar_scroll' : ''
}" ref="sidebar">
  <h3 class="dcf-builder-palette-title">Components</h3>
  <p class="dcf-builder-hint" id="${escapeHtml(ctx.groupId)}-hint">Drag a component onto the form, or press it to add it at the end.</p>
  <label class="form-label" for="${escapeHtml(ctx.groupId)}-search">Find a component</label>
  <input class="form-control builder-sidebar_search" id="${escapeHtml(ctx.groupId)}-search" type="search" ref="sidebar-search" autocomplete="off" />
  <div ref="sidebar-groups">${(ctx.groups as string[]).join('')}</div>
</div>`;

/**
 * A palette group: an accordion button and its components as buttons. Form.io drags them by their
 * `formcomponent` class and data attributes; form-builder.tsx adds one on press (Enter, Space, click).
 */
const builderSidebarGroup: Template = (ctx) => {
  const group = ctx.group as {
    title: string;
    default?: boolean;
    componentOrder: string[];
    components: Record<string, { key: string; title: string; schema: { type: string } }>;
  };
  const key = escapeHtml(ctx.groupKey);
  const items = group.componentOrder
    .map((componentKey) => {
      const info = group.components[componentKey];
      if (!info) return '';
      return `<button type="button" ref="sidebar-component" data-group="${key}" data-key="${escapeHtml(info.key)}" data-type="${escapeHtml(
        info.schema.type,
      )}" class="btn btn-outline-primary btn-sm formcomponent drag-copy" aria-describedby="${escapeHtml(ctx.groupId)}-hint">${escapeHtml(
        ctx.t(info.title, { _userInput: true }),
      )}</button>`;
    })
    .join('');
  const subgroups = (ctx.subgroups as string[]).join('');
  return `<div class="card form-builder-panel" ref="group-panel-${key}">
  <div class="card-header form-builder-group-header" id="heading-${key}">
    <h4 class="dcf-builder-group-title"><button class="btn builder-group-button" type="button" data-bs-toggle="collapse" data-bs-target="#group-${key}" data-parent="#${escapeHtml(
      ctx.groupId,
    )}" aria-expanded="${group.default ? 'true' : 'false'}" aria-controls="group-${key}" ref="sidebar-anchor">${escapeHtml(
      ctx.t(group.title, { _userInput: true }),
    )}</button></h4>
  </div>
  <div id="group-${key}" class="collapse${group.default ? ' show' : ''}" data-parent="#${escapeHtml(ctx.groupId)}" data-default="${
    group.default ? 'true' : 'false'
  }" ref="sidebar-group">
    <div id="group-container-${key}" class="d-grid gap-1 no-drop p-2" ref="sidebar-container">${
      items || subgroups ? items + subgroups : `<p>${escapeHtml(ctx.t('noMatchesFound'))}</p>`
    }</div>
  </div>
</div>`;
};

/**
 * A component on the canvas with its actions as buttons in words, each naming the component for
 * screen readers ("Edit Ward name"). Edit and Remove are Form.io's own (refs); Move up, Move down,
 * Move into / out of a section and Copy are ours (data-dcf-action, handled in form-builder.tsx; the
 * move into / out buttons show only where the move is possible: builder-controls.ts).
 */
const builderComponent: Template = (ctx) => {
  const name = escapeHtml(componentName(ctx.childComponent));
  const key = escapeHtml(ctx.childComponent?.key);
  const action = (kind: string, text: string, extra = '') =>
    `<button type="button" class="btn btn-sm btn-outline-secondary" data-dcf-action="${kind}" data-dcf-key="${key}"${extra}>${text}<span class="visually-hidden"> ${name}</span></button>`;
  const buttons = ctx.disableBuilderActions
    ? ''
    : `<div class="component-btn-group dcf-component-actions" data-noattach="true" role="group" aria-label="${name}">
  ${ctx.editComponent ? action('edit', 'Edit', ' ref="editComponent"') : ''}
  ${action('up', 'Move up')}
  ${action('down', 'Move down')}
  ${action('into', 'Move into the section above', ' hidden')}
  ${action('out', 'Move out of its section', ' hidden')}
  ${action('copy', 'Copy')}
  ${action('remove', 'Remove', ' ref="removeComponent"').replace('btn-outline-secondary', 'btn-outline-danger')}
</div>`;
  return `<div class="builder-component" ref="dragComponent">${buttons}${ctx.html}</div>`;
};

/** The empty-container hint. Not an alert: it is drawn again on every change. */
const builderPlaceholder: Template = (ctx) =>
  `<div class="drag-and-drop-alert no-drag" data-noattach="true" data-position="${escapeHtml(ctx.position)}">${escapeHtml(
    ctx.t('dragAndDropComponent'),
  )}</div>`;

/** The settings dialog's content: a heading that names the dialog, the settings, a preview, buttons. */
const builderEditForm: Template = (ctx) => {
  const title = escapeHtml(`${ctx.t(ctx.componentInfo?.title, { _userInput: true })} settings`);
  const buttons = `<div class="dcf-builder-dialog-buttons">
  <button type="button" class="btn btn-success" ref="saveButton">${escapeHtml(ctx.t('save'))}</button>
  <button type="button" class="btn btn-secondary" ref="cancelButton">${escapeHtml(ctx.t('cancel'))}</button>
  <button type="button" class="btn btn-outline-danger" ref="removeButton">${escapeHtml(ctx.t('remove'))}</button>
</div>`;
  const preview =
    ctx.preview && ctx.showPreview
      ? `<section class="col-lg-5 dcf-builder-preview" aria-labelledby="${DIALOG_TITLE_ID}-preview">
  <h3 id="${DIALOG_TITLE_ID}-preview" class="h5">Preview</h3>
  <div class="card card-body component-preview" ref="preview">${ctx.preview}</div>
</section>`
      : '';
  return `<h2 id="${DIALOG_TITLE_ID}" class="h4">${title}</h2>
<div class="row">
  <div class="${preview ? 'col-lg-7' : 'col-12'} component-edit-tabs"><div ref="editForm">${ctx.editForm}</div></div>
  ${preview}
</div>
${buttons}`;
};

/** Form.io's modal: a labelled dialog with a Close button in words. */
const dialog: Template =
  () => `<div class="formio-dialog formio-dialog-theme-default component-settings" data-bs-theme="light">
  <div class="formio-dialog-overlay" ref="dialogOverlay"></div>
  <div class="formio-dialog-content" ref="dialogContents" role="dialog" aria-modal="true" aria-labelledby="${DIALOG_TITLE_ID}">
    <button type="button" class="btn btn-sm btn-outline-secondary formio-dialog-close-button" ref="dialogClose">Close</button>
  </div>
</div>`;

/**
 * Tooltips: Form.io draws an icon `<i tabindex="0">` that tippy then gives ARIA states an `<i>` may not
 * have (axe: aria-allowed-attr), with no name. In the builder the tooltip's text is shown beside the
 * label instead, which is also what a manager wants to check.
 */
function withTooltipText(template: Template): Template {
  return (ctx) =>
    template(ctx).replace(
      /<i ref="tooltip"[^>]*data-tooltip="([^"]*)"[^>]*><\/i>/g,
      (_match, text: string) => `<span class="dcf-builder-tooltip">(Tooltip: ${text})</span>`,
    );
}

/**
 * A data grid's (a values list's) row remove button: Form.io draws an icon only, and no icon font is
 * loaded, so it was an empty box. It says 'Remove' (its aria-label already did).
 */
function withRemoveRowText(template: Template): Template {
  return (ctx) =>
    template(ctx).replace(
      /(<button type="button" class="[^"]*formio-button-remove-row"[^>]*>)\s*<i class="[^"]*"><\/i>\s*<\/button>/g,
      '$1Remove</button>',
    );
}

/**
 * Tabs (the settings dialog's, and tabs components on the canvas): ARIA tabs whose links are the tabs
 * (Form.io puts role="tab" on the list item around a link: axe nested-interactive). Their
 * aria-selected is kept up to date by the patch in setup.ts.
 */
const tab: Template = (ctx) => {
  const tabs = ctx.component?.components ?? [];
  const base = escapeHtml(`${ctx.id}-tab`);
  const list = tabs
    .map(
      (
        item,
        index,
      ) => `<li class="nav-item${ctx.currentTab === index ? ' active' : ''}" role="presentation" ref="${escapeHtml(ctx.tabLikey)}">
  <a class="nav-link${ctx.currentTab === index ? ' active' : ''}" href="#${escapeHtml(item.key)}" role="tab" id="${base}-${index}" aria-controls="${base}-panel-${index}" aria-selected="${
    ctx.currentTab === index ? 'true' : 'false'
  }" ref="${escapeHtml(ctx.tabLinkKey)}">${escapeHtml(ctx.t(item.label, { _userInput: true }))}</a>
</li>`,
    )
    .join('');
  const panels = tabs
    .map(
      (_item, index) =>
        `<div role="tabpanel" class="card-body tab-pane" id="${base}-panel-${index}" aria-labelledby="${base}-${index}" style="display: ${
          ctx.currentTab === index ? 'block' : 'none'
        }" ref="${escapeHtml(ctx.tabKey)}">${ctx.tabComponents?.[index] ?? ''}</div>`,
    )
    .join('');
  return `<div class="card"><div class="card-header"><ul class="tab-component-tabs nav nav-tabs card-header-tabs" role="tablist">${list}</ul></div>${panels}</div>`;
};

/** The builder's set, over Form.io's Bootstrap 5 set. */
export function builderTemplates(bootstrap: TemplateSet): TemplateSet {
  const form = (template: Template) => ({ form: template });
  const original = (name: string) => (bootstrap[name] as { form: Template }).form;
  return {
    ...bootstrap,
    builder: form(builder),
    builderWizard: form(builderWizard),
    builderSidebar: form(builderSidebar),
    builderSidebarGroup: form(builderSidebarGroup),
    builderComponent: form(builderComponent),
    builderPlaceholder: form(builderPlaceholder),
    builderEditForm: form(builderEditForm),
    dialog: form(dialog),
    tab: form(tab),
    label: form(withTooltipText(original('label'))),
    panel: form(withTooltipText(original('panel'))),
    fieldset: form(withTooltipText(original('fieldset'))),
    checkbox: form(withTooltipText(original('checkbox'))),
    datagrid: form(withRemoveRowText(original('datagrid'))),
  };
}
