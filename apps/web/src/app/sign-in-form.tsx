import { useEffect, useRef } from 'react';
// Not from api/auth.ts: that module brings TanStack's useMutation into the first bundle.
import { LOGIN_URL } from '../api/client';

export interface SignInFormProps {
  /** Where to come back to after signing in. */
  returnTo: string;
  /** Submit as soon as it renders (the redirect for a visitor who is not signed in). */
  autoSubmit?: boolean;
  label?: string;
}

/**
 * Sign-in is a plain GET form to the login endpoint (specification, section 2), so it also works
 * without scripts; with `autoSubmit` the browser is sent there at once.
 */
export function SignInForm({ returnTo, autoSubmit = false, label = 'Sign in' }: SignInFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  useEffect(() => {
    if (!autoSubmit || submitted.current) return;
    submitted.current = true;
    formRef.current?.submit();
  }, [autoSubmit]);

  return (
    <form ref={formRef} method="get" action={LOGIN_URL}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="nhsuk-button">
        {label}
      </button>
    </form>
  );
}
