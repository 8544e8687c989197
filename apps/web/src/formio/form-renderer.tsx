import type { UncheckedRule } from '@dcf/forms';
import type { FormDefinition } from '@dcf/forms/components';
import { type ReactNode, type Ref, useImperativeHandle, useMemo, useState } from 'react';
import { Children } from './renderer/components';
import { FormContext, type FormContextValue } from './renderer/context';
import { focusWhenShown } from './renderer/focus';
import { useFormState } from './renderer/form-state';
import { topScope, useWizard, WizardView } from './renderer/wizard';
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
  const form = useFormState({ definition, submission, fieldErrors, onChange, onUnchecked });
  const { state, serverErrors, touched, waiting } = form;
  const [instance] = useState(() => ({}));
  const [revealing, setRevealing] = useState<{ path: string } | null>(null);
  const context = useMemo<FormContextValue>(
    () => ({
      data: state.data,
      hidden: state.hidden,
      ready: form.ready,
      errorsAt: (path) => serverErrors[path] ?? (touched.has(path) ? state.errors[path] : undefined),
      noteAt: (path) => fieldNotes?.[path] ?? null,
      errorPathsUnder: (prefix) =>
        [...new Set([...Object.keys(serverErrors), ...Object.keys(state.errors)])].filter(
          (path) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`),
        ),
      revealing,
      readOnly: readOnly || waiting,
      setValue: form.setValue,
      touch: form.touch,
      fileService,
    }),
    [
      state,
      form.ready,
      serverErrors,
      touched,
      revealing,
      readOnly,
      waiting,
      form.setValue,
      form.touch,
      fileService,
      fieldNotes,
    ],
  );
  const wizard = useWizard(definition, state.hidden, onPageChange);
  const { showPageOf } = wizard;

  useImperativeHandle(
    ref,
    () => ({
      focusField: (path, elementId) => {
        // The question may be on another wizard page, behind a tab or in a closed edit grid row: each
        // is opened. Asked once: an edit grid row opened for it may be closed again by the person.
        setRevealing({ path });
        showPageOf(path);
        focusWhenShown(path, elementId, () => setRevealing(null));
      },
      getData: () => structuredClone(form.dataRef.current),
      ready: !waiting,
      instance,
    }),
    [showPageOf, waiting, instance, form.dataRef],
  );

  return (
    <FormContext.Provider value={context}>
      <div className="dcf-form">
        <FormStatus waiting={waiting} engineFailed={form.engineFailed} formError={state.errors.form} />
        {wizard.current ? (
          <WizardView
            wizard={wizard}
            current={wizard.current}
            definition={definition}
            completedPages={completedPages}
          />
        ) : (
          <Children list={definition.components} scope={topScope} />
        )}
      </div>
    </FormContext.Provider>
  );
}

/** Above the questions: the engine still loading (or failed), and a message about the whole form. */
function FormStatus({
  waiting,
  engineFailed,
  formError,
}: {
  waiting: boolean;
  engineFailed: boolean;
  formError: readonly string[] | undefined;
}) {
  return (
    <>
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
    </>
  );
}
