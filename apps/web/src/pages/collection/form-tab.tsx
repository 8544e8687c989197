import type { FormDefinition, FormVersion } from '@dcf/forms';
import { typeNotices } from '@dcf/forms/component-types';
import { type ChangeEvent, lazy, Suspense, useId, useState } from 'react';
import { currentForm, useForms } from '../../api/forms';
import {
  type ChoiceOption,
  ErrorBoundary,
  FileField,
  Notification,
  OutcomeBanner,
  QueryState,
  RadioGroup,
  SaveButton,
  Spinner,
  UnsavedChangesPrompt,
} from '../../components';
import { parseDefinition, withDisplay } from './definition-input';
import { JsonEditor, VersionNote } from './form-tab-parts';
import { useFormDraft } from './use-form-draft';

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
  const { source, draft, dirty, notice, setNotice, load, edit, saveDraft } = useFormDraft(
    collectionId,
    current,
  );
  const [uploadErrors, setUploadErrors] = useState<string[]>([]);
  const ids = { json: useId(), upload: useId(), display: useId() };

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

  return (
    <>
      <UnsavedChangesPrompt when={dirty} />
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <VersionNote current={current} />

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
          <FormioBuilder key={source.generation} definition={source.definition} onChange={edit} />
        </Suspense>
      </ErrorBoundary>

      <DefinitionUpload id={ids.upload} errors={uploadErrors} onChange={upload} />

      <JsonEditor
        id={ids.json}
        draft={draft}
        onApply={(definition) => {
          load(definition);
          setNotice({ variant: 'success', message: ['The JSON is in the builder. Save to keep it.'] });
        }}
      />

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
