import type { FormDefinition } from '@dcf/forms';
import { useState } from 'react';
import { currentForm, useForms } from '../../api/forms';
import { InsetText, QueryState, Select } from '../../components';
import { FormRenderer } from '../../formio/form-renderer';

/**
 * Preview tab: the form as a submitter will see it (the same NHS.UK renderer as form entry), any
 * version of it. Nothing typed here is saved.
 */
export function PreviewTab({ collectionId }: { collectionId: number }) {
  const forms = useForms(collectionId);
  const [chosen, setChosen] = useState('');
  return (
    <>
      <h2 className="nhsuk-heading-m">Preview</h2>
      <QueryState query={forms} emptyMessage="This collection has no form yet. Build one on the Form tab.">
        {(list) => {
          const latest = currentForm(list);
          const shown = list.find((form) => String(form.id) === chosen) ?? latest;
          if (!shown) return null;
          return (
            <>
              {list.length > 1 ? (
                <Select
                  id="preview-version"
                  label="Version"
                  value={String(shown.id)}
                  onChange={setChosen}
                  options={[...list]
                    .sort((a, b) => b.version - a.version)
                    .map((form) => ({
                      value: String(form.id),
                      label: `Version ${form.version}${form.id === latest?.id ? ' (current)' : ''}`,
                    }))}
                />
              ) : null}
              <InsetText>
                <p>Version {shown.version}, as submitters see it. Nothing you type here is saved.</p>
              </InsetText>
              <div className="dcf-form-preview" data-testid="form-preview">
                <FormRenderer key={shown.id} definition={shown.definition as FormDefinition} />
              </div>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
