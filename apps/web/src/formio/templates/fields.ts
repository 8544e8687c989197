import {
  attr,
  describedBy,
  fieldIds,
  inputAttributes,
  requiredMark,
  type Template,
  type TemplateContext,
} from './context';

/**
 * NHS.UK markup for Form.io's field templates: a label (or a fieldset legend for radios and checkboxes),
 * the hint, the error message and the input, in the order the NHS.UK design system puts them. Form.io
 * keeps toggling its own state classes (`has-error` on the group, `is-invalid` on the input); formio.css
 * gives those the NHS.UK error look.
 */

const isChoiceGroup = (ctx: TemplateContext) =>
  ctx.component.type === 'radio' || ctx.component.type === 'selectboxes';

/** Every component's wrapper; Form.io adds `nhsuk-form-group` through the `form-group` class transform. */
export const component: Template = (ctx) =>
  `<div id="${attr(ctx.id)}" class="${attr(ctx.classes)}"${ctx.styles ? ` style="${attr(ctx.styles)}"` : ''} ref="component">${
    ctx.visible ? ctx.children : ''
  }</div>`;

const hint = (ctx: TemplateContext) =>
  ctx.component.description
    ? `<div class="nhsuk-hint" id="${fieldIds(ctx).hint}">${ctx.t(ctx.component.description, { _userInput: true })}</div>`
    : '';

/** Form.io fills this with `message` templates; inputs point at it through aria-describedby. */
const errorContainer = (ctx: TemplateContext) =>
  `<div ref="messageContainer" id="${fieldIds(ctx).error}" class="dcf-formio-errors"></div>`;

const labelText = (ctx: TemplateContext) =>
  `${ctx.t(ctx.component.label, { _userInput: true })}${requiredMark(ctx)}`;

export const field: Template = (ctx) => {
  const ids = fieldIds(ctx);
  const hidden = ctx.component.hideLabel || ctx.label.hidden ? ' nhsuk-u-visually-hidden' : '';
  if (isChoiceGroup(ctx)) {
    return `<fieldset class="nhsuk-fieldset" aria-describedby="${describedBy(ctx)}">
  <legend class="nhsuk-fieldset__legend nhsuk-fieldset__legend--s${hidden}" id="${ids.label}">${labelText(ctx)}</legend>
  ${hint(ctx)}${errorContainer(ctx)}${ctx.element}
</fieldset>`;
  }
  const element = ctx.element;
  if (ctx.component.type === 'checkbox') return `${hint(ctx)}${errorContainer(ctx)}${element}`;
  return `<label class="nhsuk-label${hidden}" for="${ids.input}" id="${ids.label}">${labelText(ctx)}</label>
${hint(ctx)}${errorContainer(ctx)}${element}`;
};

/** Form.io renders `label` separately too; `field` above draws its own, so this stays empty. */
export const label: Template = () => '';

export const message: Template = (ctx) =>
  `<span class="nhsuk-error-message" id="e-${attr(ctx.instance.id)}-${attr(ctx.key)}-message"><span class="nhsuk-u-visually-hidden">Error:</span> ${ctx.message ?? ''}</span>`;

const widthClass = (ctx: TemplateContext) =>
  ['number', 'currency', 'phoneNumber'].includes(ctx.component.type) ? ' nhsuk-input--width-10' : '';

export const input: Template = (ctx) => {
  const ids = fieldIds(ctx);
  const common = `ref="${attr(ctx.input.ref ?? 'input')}" ${inputAttributes(ctx, ['id'])} id="${ids.input}" aria-describedby="${describedBy(ctx)}"${
    ctx.component.validate?.required ? ' aria-required="true"' : ''
  }`;
  const control =
    ctx.input.type === 'textarea'
      ? `<textarea class="nhsuk-textarea" ${common}>${ctx.input.content ?? ''}</textarea>`
      : `<${ctx.input.type} class="nhsuk-input${widthClass(ctx)}" ${common}>${ctx.input.content ?? ''}${ctx.input.type === 'input' ? '' : `</${ctx.input.type}>`}`;
  const live =
    '<span class="nhsuk-u-visually-hidden" ref="announceMessage" aria-live="polite" aria-atomic="true"></span>';
  if (!ctx.prefix && !ctx.suffix) return `${control}${live}`;
  const prefix = ctx.prefix
    ? `<div class="nhsuk-input-wrapper__prefix" aria-hidden="true" ref="prefix">${ctx.prefix}</div>`
    : '';
  const suffix = ctx.suffix
    ? `<div class="nhsuk-input-wrapper__suffix" aria-hidden="true" ref="suffix">${ctx.suffix}</div>`
    : '';
  return `<div class="nhsuk-input-wrapper">${prefix}${control}${suffix}</div>${live}`;
};

/** Radios and select boxes: NHS.UK radios / checkboxes inside the fieldset that `field` draws. */
export const radio: Template = (ctx) => {
  const kind = ctx.input.attr.type === 'checkbox' ? 'checkboxes' : 'radios';
  const items = ctx.values
    .map((item, index) => {
      const value = typeof item.value === 'object' ? `${item.value}-${index}` : String(item.value);
      const id = `${ctx.instance.root?.id ?? ''}-${ctx.id}-${ctx.row ?? ''}-${value}`;
      const selected =
        ctx.value === item.value ||
        (typeof ctx.value === 'object' &&
          ctx.value !== null &&
          (ctx.value as Record<string, unknown>)[String(item.value)] === true);
      return `<div class="nhsuk-${kind}__item" ref="wrapper">
  <input class="nhsuk-${kind}__input" ref="input" ${inputAttributes(ctx, ['id', 'value'])} value="${attr(item.value)}" id="${attr(id)}"${
    selected ? ' checked' : ''
  }>
  <label class="nhsuk-label nhsuk-${kind}__label" for="${attr(id)}">${ctx.t(item.label, { _userInput: true })}</label>
</div>`;
    })
    .join('');
  return `<div class="nhsuk-${kind}" ref="radioGroup">${items}</div>`;
};

/** A single checkbox: its label sits beside the box, as NHS.UK checkboxes do. */
export const checkbox: Template = (ctx) => {
  const ids = fieldIds(ctx);
  return `<div class="nhsuk-checkboxes"><div class="nhsuk-checkboxes__item">
  <input class="nhsuk-checkboxes__input" ref="input" ${inputAttributes(ctx, ['id'])} id="${ids.input}" aria-describedby="${describedBy(ctx)}"${
    ctx.checked ? ' checked' : ''
  }>
  <label class="nhsuk-label nhsuk-checkboxes__label" for="${ids.input}" id="${ids.label}">${ctx.input.label ?? ''}${requiredMark(ctx)}</label>
</div></div>`;
};

/** Select (html5 widget): an NHS.UK select; options come from Form.io. */
export const select: Template = (ctx) => {
  const ids = fieldIds(ctx);
  return `<select class="nhsuk-select" ref="${attr(ctx.input.ref ?? 'selectContainer')}"${ctx.input.multiple ? ' multiple' : ''} ${inputAttributes(
    ctx,
    ['id'],
  )} id="${ids.input}" aria-describedby="${describedBy(ctx)}">${ctx.selectOptions ?? ''}</select>`;
};
