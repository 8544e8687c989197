import type { FormComponent, FormDefinition } from '@dcf/forms/components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WizardPage } from '../form-renderer';
import { Children, pathOf } from './components';
import { type Scope, text } from './context';

export const isPanel = (c: FormComponent) => c.type === 'panel';

export const topScope: Scope = { dataPrefix: '', layoutPrefix: '', level: 2 };
const pageScope = (page: FormComponent): Scope => ({
  dataPrefix: '',
  layoutPrefix: text(page.key),
  level: 3,
});

const pageTitle = (page: FormComponent, index: number) => text(page.title) || `Page ${index + 1}`;

/**
 * A wizard's pages (its top-level panels not hidden now) and the one shown. The page is known by its
 * key: pages appearing or going keep it as long as it is there. Moving with the list or the buttons
 * focuses the page's heading; `showPageOf` (the page asked for a question) leaves focus to the caller.
 */
export function useWizard(
  definition: FormDefinition,
  hidden: ReadonlySet<string>,
  onPageChange: ((page: WizardPage | null) => void) | undefined,
) {
  const wizard = definition.display === 'wizard';
  const pages = useMemo(
    () =>
      wizard
        ? definition.components.filter(
            (c) => isPanel(c) && c.hidden !== true && !hidden.has(pathOf(c, topScope)),
          )
        : [],
    [wizard, definition, hidden],
  );
  const [pageIndex, setPageIndex] = useState(0);
  const current = pages[Math.min(pageIndex, Math.max(pages.length - 1, 0))];
  const index = current ? pages.indexOf(current) : -1;
  const currentKey = current ? text(current.key) : null;
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const reportPage = useRef(onPageChange);
  reportPage.current = onPageChange;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the page shown changes.
  useEffect(() => {
    reportPage.current?.(
      current ? { index, key: text(current.key), title: pageTitle(current, index) } : null,
    );
    if (moved.current) pageHeading.current?.focus();
    moved.current = false;
  }, [currentKey]);

  const goTo = useCallback((to: number) => {
    moved.current = true;
    setPageIndex(to);
  }, []);
  const showPageOf = useCallback(
    (path: string) => {
      const page = pages.findIndex((p) => containsPath(p, path));
      if (page >= 0 && page !== index) setPageIndex(page);
    },
    [pages, index],
  );
  return { pages, current, index, goTo, showPageOf, pageHeading };
}

type Wizard = ReturnType<typeof useWizard>;

/** The page shown, with the list of pages above it and Previous / Next below. */
export function WizardView({
  wizard,
  current,
  definition,
  completedPages,
}: {
  wizard: Wizard;
  current: FormComponent;
  definition: FormDefinition;
  completedPages: readonly string[] | undefined;
}) {
  const { pages, index, goTo } = wizard;
  return (
    <>
      <PageList wizard={wizard} completedPages={completedPages} />
      <h2 className="nhsuk-heading-m" ref={wizard.pageHeading} tabIndex={-1}>
        {pageTitle(current, index)}
      </h2>
      <Children list={current.components} scope={pageScope(current)} />
      <Children list={definition.components.filter((c) => !isPanel(c))} scope={topScope} />
      <div className="nhsuk-button-group dcf-wizard-nav">
        {index > 0 ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => goTo(index - 1)}
          >
            Previous page
          </button>
        ) : null}
        {index < pages.length - 1 ? (
          <button type="button" className="nhsuk-button" onClick={() => goTo(index + 1)}>
            Next page
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The list of pages: each a link but the current one, with a tag on those ticked complete. */
function PageList({
  wizard,
  completedPages,
}: {
  wizard: Wizard;
  completedPages: readonly string[] | undefined;
}) {
  const { pages, current, goTo } = wizard;
  return (
    <nav className="nhsuk-contents-list" aria-label="Pages of this form">
      <ol className="nhsuk-contents-list__list">
        {pages.map((page, index) => {
          const title = pageTitle(page, index);
          return (
            <li
              className="nhsuk-contents-list__item"
              key={text(page.key) || index}
              aria-current={page === current ? 'page' : undefined}
            >
              {page === current ? (
                <span className="nhsuk-contents-list__current">{title}</span>
              ) : (
                <a
                  className="nhsuk-contents-list__link"
                  href={`#page-${text(page.key)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(index);
                  }}
                >
                  {title}
                </a>
              )}
              {completedPages?.includes(text(page.key)) ? (
                <strong className="nhsuk-tag nhsuk-tag--green dcf-page-tag">Complete</strong>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Whether a data path (`staff[0].grade`) belongs to a question somewhere inside `component`. */
function containsPath(component: FormComponent, path: string): boolean {
  const first = path.split(/[.[]/)[0];
  let found = false;
  const visit = (list: unknown) => {
    if (!Array.isArray(list) || found) return;
    for (const c of list as FormComponent[]) {
      if (!c || typeof c !== 'object') continue;
      if (c.key === first && c.input !== false && c.type !== 'panel') found = true;
      visit(c.components);
      if (Array.isArray(c.columns)) for (const column of c.columns) visit(column?.components);
      if (Array.isArray(c.rows))
        for (const row of c.rows) if (Array.isArray(row)) for (const cell of row) visit(cell?.components);
    }
  };
  visit(component.components);
  return found;
}
