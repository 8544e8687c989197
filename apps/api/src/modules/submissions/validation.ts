import { type FieldErrors, type FormioValidationError, formioErrorsToFieldErrors } from '@dcf/domain';
import {
  type Component,
  type DataObject,
  interpolateErrors,
  ProcessTargets,
  processSync,
  type ValidationScope,
} from '@formio/core';

/**
 * Server-side validation with Form.io's own engine, so the API and the browser's renderer agree on
 * every rule and message. `processSync` with the evaluator processors runs conditions, calculations
 * and validation in one pass; unlike the async submission pass it reports a non-numeric number
 * instead of dropping it (see stack-notes). The pass reports every error once; the caller keeps, per
 * mode, the ones that matter: a draft only the type, length and pattern errors
 * (formioErrorsToFieldErrors), a submit all of them. So one pass answers both "may this draft be
 * saved?" and "is it ready to submit?" (the authorisation request). The content is copied first: the
 * processors may write to the data (clearing conditionally hidden fields), and what is saved is the
 * cleaned content the user sent.
 */
export function validateContent(
  definition: Record<string, unknown>,
  content: Record<string, unknown>,
): ContentErrors {
  const context = {
    components: (definition.components ?? []) as Component[],
    data: structuredClone(content) as DataObject,
    processors: ProcessTargets.evaluator ?? [],
    scope: { errors: [] } as unknown as ValidationScope,
    config: { server: true },
  };
  processSync(context);
  const errors = interpolateErrors(context.scope.errors) as unknown as FormioValidationError[];
  return { for: (mode) => formioErrorsToFieldErrors(errors, mode) };
}

export interface ContentErrors {
  /** The field messages that block saving with this status. */
  for(mode: 'draft' | 'completed'): FieldErrors;
}
