import { messages } from '@dcf/domain';
import { Link } from 'react-router';
import { Checkbox } from '../../components';
import { DECLARATION_ID } from './check-problems';

/** The declaration to tick and 'Submit return', or the way back to the form. */
export function DeclarationForm({
  confirmed,
  onConfirmed,
  declarationError,
  submitting,
  formHref,
  onSubmit,
}: {
  confirmed: boolean;
  onConfirmed: (confirmed: boolean) => void;
  declarationError: boolean;
  submitting: boolean;
  formHref: string;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="nhsuk-heading-m">Declaration</h2>
      <Checkbox
        id={DECLARATION_ID}
        name={DECLARATION_ID}
        label={messages.submissionDeclaration}
        checked={confirmed}
        error={declarationError ? messages.submissionDeclarationRequired : undefined}
        onChange={onConfirmed}
      />
      <div className="nhsuk-button-group">
        <button type="submit" className="nhsuk-button" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit return'}
        </button>
        <Link to={formHref} className="nhsuk-link">
          Go back to the form
        </Link>
      </div>
    </form>
  );
}
