import type { z } from 'zod';

/** Field name -> messages, the shape of problem details' `errors` (and of the web forms' inline errors). */
export type FieldErrors = Record<string, string[]>;

/** Adds a message to a field, once: the same message twice reads as a bug to the person fixing the form. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/** Zod issues as field errors; an issue without a path belongs to the form as a whole (`''`). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) addFieldError(errors, issue.path.map(String).join('.'), issue.message);
  return errors;
}
