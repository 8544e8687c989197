import { childLists, dataShapeOf, type FormComponent, innerDataKey } from '@dcf/forms/components';
import type { ElementType } from 'react';
import { Children } from './components';
import { type ComponentProps, type Scope, text } from './context';
import { joinPath } from './paths';
import { Html } from './sanitize';

/**
 * Form.io's layout components as NHS.UK layout: titled sections, fieldsets, a responsive grid for
 * columns and layout tables, sanitised HTML for content (tabs: ./tabs.tsx).
 */

const inner = (scope: Scope, path: string): Scope => ({
  ...scope,
  layoutPrefix: path,
  level: scope.level + 1,
});

export function Heading({
  level,
  children,
  className,
}: {
  level: number;
  children: string;
  className?: string;
}) {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as ElementType;
  return <Tag className={className ?? (level <= 2 ? 'nhsuk-heading-m' : 'nhsuk-heading-s')}>{children}</Tag>;
}

export function Panel({ component, path, scope }: ComponentProps) {
  const title = text(component.title) || text(component.label);
  return (
    <section className={`dcf-panel formio-component-${text(component.key)}`}>
      {title && component.hideLabel !== true ? <Heading level={scope.level}>{title}</Heading> : null}
      <Children list={component.components} scope={inner(scope, path)} />
    </section>
  );
}

export function Fieldset({ component, path, scope }: ComponentProps) {
  const legend = text(component.legend) || text(component.label);
  return (
    <div className={`nhsuk-form-group formio-component-${text(component.key)}`}>
      <fieldset className="nhsuk-fieldset">
        {legend ? (
          <legend className="nhsuk-fieldset__legend nhsuk-fieldset__legend--m">{legend}</legend>
        ) : null}
        <Children list={component.components} scope={inner(scope, path)} />
      </fieldset>
    </div>
  );
}

export function Well({ component, path, scope }: ComponentProps) {
  return (
    <div className={`dcf-well formio-component-${text(component.key)}`}>
      <Children list={component.components} scope={inner(scope, path)} />
    </div>
  );
}

/** Columns side by side on wide screens, one under another on a phone. */
export function Columns({ component, path, scope }: ComponentProps) {
  const columns = Array.isArray(component.columns) ? component.columns : [];
  const lists = childLists({ columns } as FormComponent);
  return (
    <div className={`dcf-columns formio-component-${text(component.key)}`}>
      {lists.map((list, index) => {
        const width = Number(columns[index]?.width);
        return (
          <div
            // Columns have no keys of their own; their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            className="dcf-columns__column"
            style={{ flexGrow: Number.isFinite(width) && width > 0 ? width : 1 }}
          >
            <Children list={list} scope={inner(scope, path)} />
          </div>
        );
      })}
    </div>
  );
}

/** Form.io's layout table (rows of cells holding components): a grid, not a data table. */
export function LayoutTable({ component, path, scope }: ComponentProps) {
  const rows = Array.isArray(component.rows) ? component.rows : [];
  return (
    <div className={`dcf-layout-table formio-component-${text(component.key)}`}>
      {rows.map((row, r) =>
        Array.isArray(row) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's rows have no keys.
          <div className="dcf-columns" key={r}>
            {row.map((cell, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: nor its cells.
              <div className="dcf-columns__column" key={c}>
                <Children list={(cell as FormComponent | null)?.components} scope={inner(scope, path)} />
              </div>
            ))}
          </div>
        ) : null,
      )}
    </div>
  );
}

/**
 * A container keeps its children's answers in an object under its key, a nested form under its key's
 * `data` (as Form.io does); either shows as its children.
 */
export function Container({ component, path, scope }: ComponentProps) {
  const keepsData = dataShapeOf(component) === 'object';
  const dataPath = keepsData ? joinPath(path, innerDataKey(component) ?? '') : path;
  const child: Scope = keepsData
    ? { ...scope, dataPrefix: dataPath, layoutPrefix: dataPath }
    : { ...scope, layoutPrefix: path };
  return (
    <div className={`formio-component-${text(component.key)}`}>
      {childLists(component).map((list, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: child lists have no keys.
        <Children key={index} list={list} scope={child} />
      ))}
    </div>
  );
}

export function Content({ component }: ComponentProps) {
  return (
    <Html
      className={`dcf-content formio-component-${text(component.key)}`}
      html={text(component.html) || text(component.content)}
      demoteH1
    />
  );
}

const SAFE_TAGS = new Set([
  'p',
  'div',
  'span',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'ul',
  'ol',
  'li',
  'hr',
  'blockquote',
]);

/** Form.io's HTML element: its tag (from a short safe list) around its sanitised content. */
export function HtmlElement({ component }: ComponentProps) {
  const wanted = text(component.tag).toLowerCase() || 'p';
  // An h1 would be a second page title: the page has one already.
  const tag = wanted === 'h1' ? 'h2' : SAFE_TAGS.has(wanted) ? wanted : 'div';
  return (
    <div className={`dcf-content formio-component-${text(component.key)}`}>
      <Html as={tag as ElementType} html={text(component.content)} />
    </div>
  );
}
