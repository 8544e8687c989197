import { type ComponentProps, text, useForm } from './context';
import { ErrorMessage, inputProps, labelText, RequiredMark, useFieldParts } from './field';
import { getPath } from './paths';

/**
 * A signature, typed: the person types their full name (decision 0024). A drawn signature cannot be
 * given with a keyboard or a screen reader, and a required one would leave such a person no way to
 * submit. Stored as the typed name, a string as Form.io stores a signature, so the engine's required
 * check, the PDF and Excel read it unchanged. A signature drawn elsewhere (an image) is kept as it
 * is until the person types over it.
 */
export function SignatureInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getPath(form.data, path);
  const drawn = typeof value === 'string' && value.startsWith('data:');
  const hintId = `${parts.id}-hint`;
  const footer = text(component.footer);
  return (
    <div
      className={`nhsuk-form-group formio-component-${text(component.key)}${parts.invalid ? ' nhsuk-form-group--error' : ''}`}
    >
      <label className="nhsuk-label" htmlFor={parts.id}>
        {labelText(component)}
        <RequiredMark component={component} />
      </label>
      <div className="nhsuk-hint" id={hintId}>
        Type your full name as your signature.
        {footer && footer !== 'Sign above' ? ` ${footer}` : ''}
        {drawn ? ' A signature was drawn before: typing a name replaces it.' : ''}
      </div>
      <ErrorMessage id={parts.errorId} errors={parts.errors} />
      <input
        {...inputProps(props, parts, form)}
        className={`nhsuk-input nhsuk-u-width-two-thirds${parts.invalid ? ' nhsuk-input--error' : ''}`}
        type="text"
        autoComplete="name"
        spellCheck={false}
        aria-describedby={[hintId, parts.errorId].filter(Boolean).join(' ')}
        value={typeof value === 'string' && !drawn ? value : ''}
        onChange={(event) => form.setValue(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </div>
  );
}
