import type { FormDefinition, FormVersion } from '@dcf/forms';
import { useState } from 'react';
import { useSaveForm } from '../../api/forms';
import { problemMessages } from '../../api/problems';
import type { Outcome } from '../../components';
import type { BuilderDefinition } from '../../formio-builder/form-builder';
import { emptyDefinition } from './definition-input';

/**
 * The form tab's definition being edited, and Save. Nothing reaches the server until Save; its notice
 * says what became of the form (a version with returns is never changed in place).
 */
export function useFormDraft(collectionId: number, current: FormVersion | undefined) {
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

  /** A definition from elsewhere (layout, JSON, upload): the builder starts again from it. */
  function load(definition: FormDefinition) {
    setSource((s) => ({ definition, generation: s.generation + 1 }));
    setDraft(definition);
    setDirty(true);
  }

  /** An edit made in the builder, which keeps the layout chosen. */
  function edit(definition: BuilderDefinition) {
    setDraft({ ...definition, display: draft.display } as FormDefinition);
    setDirty(true);
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

  return { source, draft, dirty, notice, setNotice, load, edit, saveDraft };
}
