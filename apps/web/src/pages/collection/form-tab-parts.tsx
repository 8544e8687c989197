import type { FormDefinition, FormVersion } from '@dcf/forms';
import { useState } from 'react';
import { Details, ErrorMessage, InsetText } from '../../components';
import { parseDefinition } from './definition-input';

/** Which version Save changes, or makes: a version with returns is never changed in place. */
export function VersionNote({ current }: { current: FormVersion | undefined }) {
  return (
    <InsetText testId="form-version">
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
    </InsetText>
  );
}

/** The definition as JSON, written out from the draft each time it opens; Apply JSON hands it to the builder. */
export function JsonEditor({
  id,
  draft,
  onApply,
}: {
  id: string;
  draft: FormDefinition;
  onApply: (definition: FormDefinition) => void;
}) {
  const [jsonText, setJsonText] = useState('');
  const [jsonErrors, setJsonErrors] = useState<string[]>([]);

  function applyJson() {
    const result = parseDefinition(jsonText);
    setJsonErrors(result.ok ? [] : result.errors);
    if (result.ok) onApply(result.definition);
  }

  return (
    <Details
      summary="Edit the definition as JSON"
      onToggle={(event) => {
        if (event.currentTarget.open) setJsonText(JSON.stringify(draft, null, 2));
      }}
    >
      <div className={`nhsuk-form-group${jsonErrors.length ? ' nhsuk-form-group--error' : ''}`}>
        <label className="nhsuk-label" htmlFor={id}>
          Form.io JSON definition
        </label>
        <ErrorMessage fieldId={id} error={jsonErrors} />
        <textarea
          id={id}
          className={`nhsuk-textarea dcf-code${jsonErrors.length ? ' nhsuk-textarea--error' : ''}`}
          rows={16}
          spellCheck={false}
          value={jsonText}
          aria-describedby={jsonErrors.length ? `${id}-error` : undefined}
          onChange={(e) => setJsonText(e.target.value)}
        />
      </div>
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={applyJson}>
        Apply JSON
      </button>
    </Details>
  );
}
