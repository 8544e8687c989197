import type { FormDefinition, FormVersion } from '@dcf/forms';
import { typeNotices } from '@dcf/forms/component-types';
import { type ChangeEvent, lazy, Suspense, useId, useState } from 'react';
import { currentForm, useForms, useSaveForm } from '../../api/forms';
import { problemMessages } from '../../api/problems';
import {
  type ChoiceOption,
  Details,
  ErrorBoundary,
  ErrorMessage,
  FileField,
  Notification,
  type Outcome,
  OutcomeBanner,
  QueryState,
  RadioGroup,
  SaveButton,
  Spinner,
  UnsavedChangesPrompt,
} from '../../components';
import { emptyDefinition, parseDefinition, withDisplay } from './definition-input';

/** Form.io's builder is large (about 490 kB gzip with the renderer): it loads only when this tab opens. */
const layoutOptions: readonly ChoiceOption<'form' | 'wizard'>[] = [
  { value: 'form', label: 'Single page' },
  { value: 'wizard', label: 'Wizard' },
];

const FormioBuilder = lazy(() => import('../../formio-builder/form-builder'));

/**
 * Form tab: the collection's Form.io definition, built in the drag-and-drop builder, typed as JSON or
 * uploaded as a .json file. Nothing reaches the server until Save. The version note explains what Save
 * will do: a version with returns is never changed in place, so saving makes a new version.
 */
export function FormTab({ collectionId }: { collectionId: number }) {
  const forms = useForms(collectionId);
  return (
    <>
      <h2 className="nhsuk-heading-m">Form</h2>
      <QueryState query={forms} isEmpty={() => false}>
        {(list) => <FormEditor collectionId={collectionId} current={currentForm(list)} />}
      </QueryState>
    </>
  );
}

function FormEditor({ collectionId, current }: { collectionId: number; current: FormVersion | undefined }) {
  const save = useSaveForm(collectionId);
  const saved = (current?.definition as FormDefinition | undefined) ?? emptyDefinition;
  // `source` is what the builder (re)starts from; `draft` follows every edit made in it.
  const [source, setSource] = useState<{ definition: FormDefinition; generation: number }>({
    definition: saved,
    generation: 0,
  });
  const [draft, setDraft] = useState<FormDefinition>(saved);
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState<Outcome | null>(null);
  const [jsonText, setJsonText] = useState('');
  const [jsonErrors, setJsonErrors] = useState<string[]>([]);
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const ids = { json: useId(), upload: useId(), display: useId() };

  function load(definition: FormDefinition) {
    setSource((s) => ({ definition, generation: s.generation + 1 }));
    setDraft(definition);
    setDirty(true);
  }

  function applyJson() {
    const result = parseDefinition(jsonText);
    setJsonErrors(result.ok ? [] : result.errors);
    if (result.ok) {
      load(result.definition);
      setNotice({ variant: 'success', message: ['The JSON is in the builder. Save to keep it.'] });
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = parseDefinition(await file.text());
    setUploadErrors(result.ok ? [] : result.errors);
    if (result.ok) {
      load(result.definition);
      setNotice({
        variant: 'success',
        message: [`${file.name} is in the builder. Save to keep it as the form.`],
      });
    }
  }

  async function saveDraft() {
    setNotice(null);
    try {
      const result = await save.mutateAsync(
        current ? { formId: current.id, definition: draft } : { definition: draft },
      );
      setDirty(false);
      setNotice({
        variant: 'success',
        message: [
          result.createdNewVersion && current
            ? `Version ${current.version} has returns made with it, so the form was saved as version ${result.version}. Reporting periods without returns now use version ${result.version}; returns already made keep showing version ${current.version}.`
            : `Form saved (version ${result.version}).`,
          // What the product does differently with this form (decision 0035).
          ...(result.notices?.length ? ['This form is shown differently from where it was made:'] : []),
          ...(result.notices ?? []),
        ],
      });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
      throw error;
    }
  }

  return (
    <>
      <UnsavedChangesPrompt when={dirty} />
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <div className="nhsuk-inset-text" data-testid="form-version">
        <span className="nhsuk-u-visually-hidden">Information: </span>
        {current ? (
          <p>
            Version {current.version}.{' '}
            {current.hasSubmissions
              ? `Returns have been made with this version, so saving will create version ${current.version + 1}: reporting periods without returns move to it, and returns already made keep showing the version they were made with.`
              : 'No returns have been made with it yet, so saving changes it in place.'}
          </p>
        ) : (
          <p>This collection has no form yet. Build one below, or upload a Form.io JSON definition.</p>
        )}
      </div>

      <RadioGroup
        id={ids.display}
        legend="Form layout"
        hint="A wizard shows one page at a time; its pages are the top-level panels."
        inline
        options={layoutOptions}
        value={draft.display}
        onChange={(value) => load(withDisplay(draft, value))}
      />

      <TypeNotices definition={draft} />

      <ErrorBoundary
        fallback={
          <Notification
            variant="error"
            message="The form builder could not be loaded. You can still upload or edit the JSON below."
            dismissible={false}
            focusOnShow={false}
          />
        }
      >
        <Suspense fallback={<Spinner block label="Loading the form builder" />}>
          <FormioBuilder
            key={source.generation}
            definition={source.definition}
            onChange={(definition) => {
              setDraft({ ...definition, display: draft.display } as FormDefinition);
              setDirty(true);
            }}
          />
        </Suspense>
      </ErrorBoundary>

      <DefinitionUpload id={ids.upload} errors={uploadErrors} onChange={upload} />

      <Details
        summary="Edit the definition as JSON"
        onToggle={(event) => {
          if (event.currentTarget.open) setJsonText(JSON.stringify(draft, null, 2));
        }}
      >
        <div className={`nhsuk-form-group${jsonErrors.length ? ' nhsuk-form-group--error' : ''}`}>
          <label className="nhsuk-label" htmlFor={ids.json}>
            Form.io JSON definition
          </label>
          <ErrorMessage fieldId={ids.json} error={jsonErrors} />
          <textarea
            id={ids.json}
            className={`nhsuk-textarea dcf-code${jsonErrors.length ? ' nhsuk-textarea--error' : ''}`}
            rows={16}
            spellCheck={false}
            value={jsonText}
            aria-describedby={jsonErrors.length ? `${ids.json}-error` : undefined}
            onChange={(e) => setJsonText(e.target.value)}
          />
        </div>
        <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={applyJson}>
          Apply JSON
        </button>
      </Details>

      <SaveButton onSave={saveDraft}>Save form</SaveButton>
    </>
  );
}

/**
 * Component types that are not Form.io's standard, with how each is shown (decision 0035): from another
 * Form.io service, or unknown. Listed beside the builder for as long as the form has them.
 */
function TypeNotices({ definition }: { definition: FormDefinition }) {
  const notices = typeNotices(definition.components ?? []);
  if (notices.length === 0) return null;
  return (
    <div className="nhsuk-warning-callout" data-testid="type-notices">
      <h3 className="nhsuk-warning-callout__label">
        <span className="nhsuk-u-visually-hidden">Important: </span>
        Questions of types this product does not have
      </h3>
      <p>
        They are shown as the nearest NHS form component, as listed. Check them in the preview before saving.
      </p>
      <ul>
        {notices.map((notice) => (
          <li key={notice.type}>
            {notice.message}
            {notice.components.length > 0 ? ` (${notice.components.map((k) => `'${k}'`).join(', ')})` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DefinitionUpload({
  id,
  errors,
  onChange,
}: {
  id: string;
  errors: string[];
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="nhsuk-u-margin-top-5">
      <FileField
        id={id}
        label="Upload a Form.io JSON definition"
        hint="A .json file exported from Form.io. It replaces what is in the builder; nothing is saved until you press Save form."
        error={errors}
        accept=".json,application/json"
        onChange={onChange}
      />
    </div>
  );
}
