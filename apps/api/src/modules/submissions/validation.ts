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
 * instead of dropping it (see stack-notes). A draft keeps only the type, length and pattern errors
 * (formioErrorsToFieldErrors); a submit keeps all of them. The content is copied first: the
 * processors may write to the data (clearing conditionally hidden fields), and what is saved is the
 * cleaned content the user sent.
 */
export function validateContent(
  definition: Record<string, unknown>,
  content: Record<string, unknown>,
  mode: 'draft' | 'completed',
): FieldErrors {
  const context = {
    components: (definition.components ?? []) as Component[],
    data: structuredClone(content) as DataObject,
    processors: ProcessTargets.evaluator ?? [],
    scope: { errors: [] } as unknown as ValidationScope,
    config: { server: true },
  };
  processSync(context);
  const errors = interpolateErrors(context.scope.errors) as unknown as FormioValidationError[];
  return formioErrorsToFieldErrors(errors, mode);
}
