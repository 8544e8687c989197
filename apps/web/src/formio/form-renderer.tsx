import { type FormDefinition, stripSubmitButtons } from '@dcf/forms/definition';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { Spinner } from '../components';
import { loadFormio } from './load-formio';
import type { FormioFileService } from './storage-provider';
import { NHSUK_TEMPLATE } from './templates';
import './formio.css';

/** Submission data: field key -> value, as Form.io keeps it. */
export type FormData = Record<string, unknown>;

export interface WizardPage {
  index: number;
  key: string;
  title: string;
}

/** What a page can ask of a rendered form. */
export interface FormRendererHandle {
  /** Moves to the field (switching wizard page when needed) and focuses it. */
  focusField(key: string): void;
  /** The data on screen now (a copy); Form.io reports changes a little later, in its 'change' event. */
  getData(): FormData | undefined;
}

export interface FormRendererProps {
  definition: FormDefinition;
  /**
   * The data to show. Read when the form is created: give the renderer a new `key` to load other data
   * (Form.io keeps the data the user is typing in, and we must not overwrite it on every render).
   */
  submission?: FormData;
  readOnly?: boolean;
  /** Wizard page keys ticked 'This page is complete': shown as tags in the list of pages. */
  completedPages?: readonly string[];
  /** Every change of data; `modified` is true when the person changed something (not on load). */
  onChange?: (data: FormData, modified: boolean) => void;
  /** The wizard page now shown (null for a single-page form). */
  onPageChange?: (page: WizardPage | null) => void;
  /** Server-side messages by field key, shown at their fields until the person edits them. */
  fieldErrors?: Record<string, readonly string[]>;
  /** Where file components upload and download (`createFileService` in ./storage-provider); read at creation. */
  fileService?: FormioFileService;
  ref?: Ref<FormRendererHandle>;
}

/** The parts of a Form.io Webform / Wizard instance this component uses. */
interface FormioInstance {
  submission: { data: FormData };
  options: { completedPages?: readonly string[] };
  page?: number;
  pages?: { component: { key: string; title?: string } }[];
  on(event: string, handler: (...args: unknown[]) => void): void;
  getComponent(key: string):
    | {
        component: unknown;
        setCustomValidity(
          messages: { level: 'error'; message: string; component: unknown }[],
          dirty?: boolean,
        ): void;
      }
    | undefined;
  focusOnComponent(key: string): unknown;
  redrawHeader?: () => void;
  setSubmission(submission: { data: FormData }): Promise<unknown>;
  destroy(deleteFromGlobal?: boolean): void;
}

/**
 * A Form.io form in NHS.UK style (our template set), for single-page and wizard definitions. Form.io is
 * loaded on first use, so screens that show a form pay for it only when they do. Submit buttons in the
 * definition are dropped: pages supply Save draft and Submit.
 */
export function FormRenderer({
  definition,
  submission,
  readOnly = false,
  completedPages,
  onChange,
  onPageChange,
  fieldErrors,
  fileService,
  ref,
}: FormRendererProps) {
  const container = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<FormioInstance | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // Callbacks and the initial data are read through refs so a re-render never rebuilds the form.
  const callbacks = useRef({ onChange, onPageChange });
  callbacks.current = { onChange, onPageChange };
  const initial = useRef({ submission, completedPages, fileService });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let created: FormioInstance | null = null;
    setLoadError(null);
    loadFormio()
      .then(async ({ Formio }) => {
        if (cancelled) return;
        const instance = (await Formio.createForm(element, stripSubmitButtons(definition), {
          template: NHSUK_TEMPLATE,
          readOnly,
          completedPages: initial.current.completedPages ?? [],
          ...(initial.current.fileService ? { fileService: initial.current.fileService } : {}),
        })) as unknown as FormioInstance;
        // After creation (a wizard ignores `options.submission`). Form.io keeps, and later mutates, the
        // object it is given: hand it a copy.
        await instance.setSubmission({ data: structuredClone(initial.current.submission ?? {}) });
        if (cancelled) {
          instance.destroy(true);
          return;
        }
        created = instance;
        const reportPage = () => {
          const page = instance.pages?.[instance.page ?? 0];
          callbacks.current.onPageChange?.(
            page
              ? { index: instance.page ?? 0, key: page.component.key, title: page.component.title ?? '' }
              : null,
          );
        };
        instance.on('change', (_changed, _flags, modified) => {
          const data = structuredClone(instance.submission.data);
          // A rebuild (read-only switched, say) starts from what is on screen, not from the first data.
          initial.current.submission = data;
          callbacks.current.onChange?.(data, modified === true);
        });
        instance.on('render', reportPage);
        reportPage();
        setForm(instance);
      })
      .catch((error: unknown) => {
        // Kept in the console for support: the page only says that something went wrong.
        console.error('The form could not be shown', error);
        if (!cancelled) setLoadError(errorMessage(error));
      });
    return () => {
      cancelled = true;
      created?.destroy(true);
      setForm(null);
      element.replaceChildren();
    };
  }, [definition, readOnly]);

  useEffect(() => {
    if (!form?.redrawHeader) return;
    form.options.completedPages = completedPages ?? [];
    form.redrawHeader();
  }, [form, completedPages]);

  useEffect(() => {
    if (!form || !fieldErrors) return;
    for (const [key, list] of Object.entries(fieldErrors)) {
      const field = form.getComponent(key);
      field?.setCustomValidity(
        list.map((message) => ({ level: 'error', message, component: field.component })),
        true,
      );
    }
  }, [form, fieldErrors]);

  useImperativeHandle(
    ref,
    () => ({
      focusField: (key) => void form?.focusOnComponent(key),
      getData: () => (form ? structuredClone(form.submission.data) : undefined),
    }),
    [form],
  );

  return (
    <div className="dcf-formio">
      {form || loadError ? null : <Spinner label="Loading the form" block />}
      {loadError ? <p className="nhsuk-error-message">{loadError}</p> : null}
      {/* Form.io's own error summary links are in-page jumps it handles itself; keep the URL as it is. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only stops a link's default jump. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Form.io handles the keyboard on those links. */}
      <div
        ref={container}
        onClick={(event) => {
          if ((event.target as Element).closest('a[ref="errorRef"], a[ref$="-link"]')) event.preventDefault();
        }}
      />
    </div>
  );
}
