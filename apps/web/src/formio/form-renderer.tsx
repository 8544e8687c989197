import type { FormState, UncheckedRule } from '@dcf/forms';
import type { FormComponent, FormDefinition } from '@dcf/forms/components';
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Children, hasRules, pathOf } from './renderer/components';
import { FormContext, type FormContextValue, type Scope, text } from './renderer/context';
import { type Engine, loadEngine, loadedEngine } from './renderer/engine';
import { fieldId, setPath } from './renderer/paths';
import { openTabsAround } from './renderer/tabs';
import type { FormioFileService } from './storage-provider';
import './form-renderer.css';

/** Submission data: field key -> value, as Form.io keeps it. */
export type FormData = Record<string, unknown>;

export interface WizardPage {
  index: number;
  key: string;
  title: string;
}

/** What a page can ask of a rendered form. */
export interface FormRendererHandle {
  /**
   * Moves to the field (switching wizard page when needed) and focuses it, or the element `elementId`
   * shown with it (a note's textarea).
   */
  focusField(path: string, elementId?: string): void;
  /** The answers on screen now (a copy). */
  getData(): FormData | undefined;
  /** Whether the form takes answers (its engine is there when it has conditions or calculations). */
  ready: boolean;
  /** The same object for as long as this form is mounted; a rebuilt form (other answers loaded) has another. */
  instance: object;
}

export interface FormRendererProps {
  definition: FormDefinition;
  /**
   * The answers to show. Read when the form is created: give the renderer a new `key` to load other
   * answers (the renderer keeps what the person is typing). None: a new return, with the form's defaults.
   */
  submission?: FormData;
  readOnly?: boolean;
  /** Wizard page keys ticked 'This page is complete': shown as tags in the list of pages. */
  completedPages?: readonly string[];
  /** Every change of answers; `modified` is true when the person changed something (not on load). */
  onChange?: (data: FormData, modified: boolean) => void;
  /** The wizard page now shown (null for a single-page form). */
  onPageChange?: (page: WizardPage | null) => void;
  /** Server-side messages by data path, shown at their questions until the person edits them. */
  fieldErrors?: Record<string, readonly string[]>;
  /**
   * The form's rules that could not be evaluated on these answers (decision 0030), whenever that list
   * changes: the page tells a manager (the clerk is told by the form-level error on submit).
   */
  onUnchecked?: (rules: readonly UncheckedRule[]) => void;
  /** Shown after a question, by its data path: the page's own notes (data quality findings, decision 0028). */
  fieldNotes?: Record<string, ReactNode>;
  /** Where file questions upload and download (`createFileService` in ./storage-provider). */
  fileService?: FormioFileService;
  ref?: Ref<FormRendererHandle>;
}

const isPanel = (c: FormComponent) => c.type === 'panel';

/**
 * A Form.io definition rendered with our own NHS.UK React components (decision 0015), driven by the
 * shared engine: every change runs `evaluateForm` (@dcf/forms), the same call the server runs on every
 * save, for conditional visibility, calculated values and the draft checks, so the browser and the
 * server agree. No Form.io renderer, nothing from another origin, no code from the definition.
 *
 * Messages show at their questions: the server's (`fieldErrors`) until the question is edited, the
 * engine's draft checks once the person leaves a question. A wizard shows one page at a time, with the
 * list of pages and Previous / Next.
 */
export function FormRenderer({
  definition,
  submission,
  readOnly = false,
  completedPages,
  onChange,
  onPageChange,
  onUnchecked,
  fieldErrors,
  fieldNotes,
  fileService,
  ref,
}: FormRendererProps) {
  const [engine, setEngine] = useState<Engine | undefined>(loadedEngine);
  const [engineFailed, setEngineFailed] = useState(false);
  // A form whose questions come and go (conditions, logic, calculations) takes no answer before the
  // engine is there: typing into a question about to be hidden and cleared would be lost.
  const dynamic = useMemo(() => hasRules(definition), [definition]);
  const waiting = dynamic && !engine;
  const evaluate = useCallback(
    (data: FormData, using: Engine | undefined = engine): FormState =>
      using
        ? using.evaluateForm(definition, data, 'draft')
        : { data, hidden: new Set(), errors: {}, unchecked: [] },
    [definition, engine],
  );
  const [state, setState] = useState(() => evaluate(startingAnswers(definition, submission, engine)));
  const dataRef = useRef(state.data);
  const modified = useRef(false);
  dataRef.current = state.data;
  const callbacks = useRef({ onChange, onPageChange, onUnchecked });
  callbacks.current = { onChange, onPageChange, onUnchecked };
  const uncheckedKey = state.unchecked.map((r) => `${r.component.path} ${r.property} ${r.detail}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: told when the list changes, not on every evaluation.
  useEffect(() => {
    callbacks.current.onUnchecked?.(state.unchecked);
  }, [uncheckedKey]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [instance] = useState(() => ({}));
  const [revealing, setRevealing] = useState<{ path: string } | null>(null);
  // Server messages stay until their question is edited.
  const [serverErrors, setServerErrors] = useState(fieldErrors ?? {});
  useEffect(() => setServerErrors(fieldErrors ?? {}), [fieldErrors]);

  // The engine comes in a chunk of its own, after the questions can be typed into: then the answers
  // are evaluated (defaults for a new return, calculations, conditions) and reported, as not changed
  // by the person unless they have typed already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the engine is there.
  useEffect(() => {
    if (!engine) {
      let cancelled = false;
      loadEngine()
        .then((loaded) => {
          if (!cancelled) setEngine(loaded);
        })
        .catch(() => {
          if (!cancelled) setEngineFailed(true);
        });
      return () => {
        cancelled = true;
      };
    }
    const start = modified.current ? dataRef.current : startingAnswers(definition, submission, engine);
    const next = evaluate(start, engine);
    dataRef.current = next.data;
    setState(next);
    callbacks.current.onChange?.(structuredClone(next.data), modified.current);
    return undefined;
  }, [engine]);

  const setValue = useCallback(
    (path: string, value: unknown) => {
      modified.current = true;
      const next = evaluate(setPath(dataRef.current, path, value));
      dataRef.current = next.data;
      setState(next);
      setServerErrors((errors) => {
        if (!(path in errors)) return errors;
        const { [path]: _edited, ...rest } = errors;
        return rest;
      });
      callbacks.current.onChange?.(structuredClone(next.data), true);
    },
    [evaluate],
  );
  const touch = useCallback(
    (path: string) => setTouched((set) => (set.has(path) ? set : new Set(set).add(path))),
    [],
  );

  const context = useMemo<FormContextValue>(
    () => ({
      data: state.data,
      hidden: state.hidden,
      ready: engine !== undefined,
      errorsAt: (path) => serverErrors[path] ?? (touched.has(path) ? state.errors[path] : undefined),
      noteAt: (path) => fieldNotes?.[path] ?? null,
      errorPathsUnder: (prefix) =>
        [...new Set([...Object.keys(serverErrors), ...Object.keys(state.errors)])].filter(
          (path) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`),
        ),
      revealing,
      readOnly: readOnly || waiting,
      setValue,
      touch,
      fileService,
    }),
    [
      state,
      engine,
      serverErrors,
      touched,
      revealing,
      readOnly,
      waiting,
      setValue,
      touch,
      fileService,
      fieldNotes,
    ],
  );

  // Wizard pages: the top-level panels not hidden now.
  const wizard = definition.display === 'wizard';
  const pages = useMemo(
    () =>
      wizard
        ? definition.components.filter(
            (c) => isPanel(c) && c.hidden !== true && !state.hidden.has(pathOf(c, topScope)),
          )
        : [],
    [wizard, definition, state.hidden],
  );
  const [pageIndex, setPageIndex] = useState(0);
  const current = pages[Math.min(pageIndex, Math.max(pages.length - 1, 0))];
  const currentKey = current ? text(current.key) : null;
  const pageHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // The page is known by its key: pages appearing or going keep it as long as it is there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported when the page shown changes.
  useEffect(() => {
    const index = current ? pages.indexOf(current) : -1;
    callbacks.current.onPageChange?.(
      current ? { index, key: text(current.key), title: text(current.title) || `Page ${index + 1}` } : null,
    );
    if (moved.current) pageHeading.current?.focus();
    moved.current = false;
  }, [currentKey]);

  const goTo = useCallback((index: number) => {
    moved.current = true;
    setPageIndex(index);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      focusField: (path, elementId) => {
        // The question may be on another wizard page, behind a tab or in a closed edit grid row: each
        // is opened, and the question is looked for again on the next frames until it is there.
        setRevealing({ path });
        if (wizard) {
          const page = pages.findIndex((p) => containsPath(p, path));
          if (page >= 0 && page !== pages.indexOf(current as FormComponent)) setPageIndex(page);
        }
        let frames = 20;
        const focus = () => {
          const element = elementId
            ? document.getElementById(elementId)
            : (document.getElementById(fieldId(path)) ??
              document.querySelector<HTMLElement>(`[id^="${CSS.escape(fieldId(path))}"]`));
          if (element && !openTabsAround(element)) {
            element.focus();
            element.scrollIntoView?.({ block: 'center' });
            // Asked once: an edit grid row opened for it may be closed again by the person.
            setRevealing(null);
          } else {
            frames -= 1;
            if (frames > 0) requestAnimationFrame(focus);
          }
        };
        focus();
      },
      getData: () => structuredClone(dataRef.current),
      ready: !waiting,
      instance,
    }),
    [wizard, pages, current, waiting, instance],
  );

  const formError = state.errors.form;
  return (
    <FormContext.Provider value={context}>
      <div className="dcf-form">
        {waiting ? (
          <p className="nhsuk-body dcf-form-status" role="status">
            {engineFailed
              ? 'This form could not be made ready. Reload the page to try again.'
              : 'Getting the form ready: its questions can be answered in a moment.'}
          </p>
        ) : null}
        {formError ? (
          <p className="nhsuk-error-message">
            <span className="nhsuk-u-visually-hidden">Error:</span> {formError.join(' ')}
          </p>
        ) : null}
        {wizard && current ? (
          <>
            <nav className="nhsuk-contents-list" aria-label="Pages of this form">
              <ol className="nhsuk-contents-list__list">
                {pages.map((page, index) => {
                  const title = text(page.title) || `Page ${index + 1}`;
                  const done = completedPages?.includes(text(page.key));
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
                      {done ? (
                        <strong className="nhsuk-tag nhsuk-tag--green dcf-page-tag">Complete</strong>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            </nav>
            <h2 className="nhsuk-heading-m" ref={pageHeading} tabIndex={-1}>
              {text(current.title) || `Page ${pages.indexOf(current) + 1}`}
            </h2>
            <Children list={current.components} scope={pageScope(current)} />
            <Children list={definition.components.filter((c) => !isPanel(c))} scope={topScope} />
            <div className="nhsuk-button-group dcf-wizard-nav">
              {pages.indexOf(current) > 0 ? (
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary"
                  onClick={() => goTo(pages.indexOf(current) - 1)}
                >
                  Previous page
                </button>
              ) : null}
              {pages.indexOf(current) < pages.length - 1 ? (
                <button
                  type="button"
                  className="nhsuk-button"
                  onClick={() => goTo(pages.indexOf(current) + 1)}
                >
                  Next page
                </button>
              ) : null}
            </div>
          </>
        ) : (
          <Children list={definition.components} scope={topScope} />
        )}
      </div>
    </FormContext.Provider>
  );
}

/** The answers a form opens with: the return's, or a new return's defaults once the engine is there. */
function startingAnswers(
  definition: FormDefinition,
  submission: FormData | undefined,
  engine: Engine | undefined,
) {
  if (submission && Object.keys(submission).length > 0) return structuredClone(submission);
  return engine ? engine.defaultAnswers(definition) : {};
}

const topScope: Scope = { dataPrefix: '', layoutPrefix: '', level: 2 };
const pageScope = (page: FormComponent): Scope => ({
  dataPrefix: '',
  layoutPrefix: text(page.key),
  level: 3,
});

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
