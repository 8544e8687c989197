import { messages } from '@dcf/domain';
import { attr, type Template, type TemplateContext } from './context';

/**
 * NHS.UK markup for Form.io's layout templates: panels, fieldsets, the wizard and the error summary.
 *
 * The wizard replaces Form.io's page tabs (a `ul role=tablist` with `li` around the buttons, three axe
 * violations) by an NHS.UK contents list, and its navigation by NHS.UK buttons (Previous and Next only:
 * the page supplies Save draft and Submit).
 */

/** A panel outside a wizard: a titled section. */
export const panel: Template = (ctx) => {
  const title =
    ctx.component.title && !ctx.component.hideLabel
      ? `<h2 class="nhsuk-heading-m">${ctx.t(ctx.component.title, { _userInput: true })}</h2>`
      : '';
  return `<section class="dcf-formio-panel">${title}<div ref="${attr(ctx.nestedKey)}" id="${attr(ctx.instance.id)}-${attr(ctx.component.key)}">${
    ctx.collapsed ? '' : ctx.children
  }</div></section>`;
};

export const fieldset: Template = (ctx) => {
  const legend = ctx.component.legend
    ? `<legend class="nhsuk-fieldset__legend nhsuk-fieldset__legend--m" ref="header" id="l-${attr(ctx.instance.id)}-legend">${ctx.t(ctx.component.legend, { _userInput: true })}</legend>`
    : '';
  return `<fieldset class="nhsuk-fieldset">${legend}<div ref="${attr(ctx.nestedKey)}">${ctx.collapsed ? '' : ctx.children}</div></fieldset>`;
};

const pageTitle = (ctx: TemplateContext, index: number) =>
  ctx.t(ctx.panels[index]?.title ?? `Page ${index + 1}`, { _userInput: true });

/**
 * The list of pages. Every entry carries the `-link` ref, in page order, because Form.io attaches its
 * click handlers by position; the current page is plain text with aria-current. Pages ticked 'This page is
 * complete' (passed in through the form's options) show a Complete tag.
 */
export const wizardHeader: Template = (ctx) => {
  const completed = ctx.options.completedPages ?? [];
  const items = ctx.panels
    .map((panel, index) => {
      const done = completed.includes(panel.key)
        ? ' <strong class="nhsuk-tag nhsuk-tag--green dcf-formio-page-tag">Complete</strong>'
        : '';
      const link =
        index === ctx.currentPage
          ? `<span class="nhsuk-contents-list__current" ref="${attr(ctx.wizardKey)}-link">${pageTitle(ctx, index)}</span>`
          : `<a class="nhsuk-contents-list__link" href="#" ref="${attr(ctx.wizardKey)}-link">${pageTitle(ctx, index)}</a>`;
      return `<li class="nhsuk-contents-list__item"${index === ctx.currentPage ? ' aria-current="page"' : ''}>${link}${done}</li>`;
    })
    .join('');
  return `<nav class="nhsuk-contents-list" aria-label="Pages of this form" id="${attr(ctx.wizardKey)}-header" ref="${attr(ctx.wizardKey)}-header">
  <ol class="nhsuk-contents-list__list">${items}</ol>
</nav>`;
};

export const wizardNav: Template = (ctx) => {
  const button = (name: string, text: string, secondary: boolean) =>
    ctx.buttons[name]
      ? `<button type="button" class="nhsuk-button${secondary ? ' nhsuk-button--secondary' : ''}" ref="${attr(ctx.wizardKey)}-${name}">${text}</button>`
      : '';
  return `<div class="nhsuk-button-group dcf-formio-wizard-nav" id="${attr(ctx.wizardKey)}-nav">${button('previous', 'Previous page', true)}${button(
    'next',
    'Next page',
    false,
  )}</div>`;
};

/** The wizard: contents list, the current page's title as a heading, its fields, then Previous / Next. */
export const wizard: Template = (ctx) =>
  `<div class="${attr(ctx.className)} dcf-formio-wizard">${ctx.wizardHeader ?? ''}
  <h2 class="nhsuk-heading-m">${pageTitle(ctx, ctx.currentPage)}</h2>
  <div class="wizard-page" ref="${attr(ctx.wizardKey)}">${ctx.components}</div>
  ${ctx.wizardNav}
</div>`;

/** Form.io's own alert (its validation on Next): the NHS.UK error summary. */
export const alert: Template = (ctx) => {
  const id = ctx.attrs.id ? ` id="${attr(ctx.attrs.id)}"` : '';
  if (ctx.type === 'danger')
    return `<div class="nhsuk-error-summary"${id} role="alert" tabindex="-1">${ctx.message ?? ''}</div>`;
  return `<div class="nhsuk-inset-text"${id} role="status">${ctx.message ?? ''}</div>`;
};

/** The list inside the alert; Form.io moves focus to the field when an `errorRef` is clicked. */
export const errorsList: Template = (ctx) =>
  `<h2 class="nhsuk-error-summary__title">${messages.errorSummaryHeading}</h2>
<div class="nhsuk-error-summary__body"><ul class="nhsuk-list nhsuk-error-summary__list">${ctx.errors
    .map(
      (error) =>
        `<li><a href="#" ref="errorRef" data-component-key="${attr(error.keyOrPath)}">${error.message}</a></li>`,
    )
    .join('')}</ul></div>`;

/**
 * A well; Form.io also uses it to show a read-only text area as a `role=textbox` div, which has no id
 * for the field's label: name it by the label instead.
 */
export const well: Template = (ctx) => {
  const children = String(ctx.children ?? '');
  const named =
    ctx.component.type === 'textarea'
      ? children.replace(
          'role="textbox"',
          `role="textbox" aria-labelledby="l-${attr(ctx.instance.id)}-${attr(ctx.component.key)}"`,
        )
      : children;
  return `<div class="dcf-formio-well"><div ref="${attr(ctx.nestedKey)}">${named}</div></div>`;
};
