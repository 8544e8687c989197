import { evaluateFormForBothModes, type FieldErrors, type FormDefinition } from '@dcf/forms';

/**
 * Server-side checking of a return with the shared form engine (@dcf/forms), the same call the
 * browser makes, so both give the same verdict. One pass answers both "may this draft be saved?" and
 * "is it ready to submit?" (the authorisation request). `data` is what is saved: the answers with
 * unknown keys dropped, conditionally hidden answers cleared and calculated values set. No code from
 * the definition ever runs (decision 0014).
 */
export function validateContent(
  definition: Record<string, unknown>,
  content: Record<string, unknown>,
): ContentErrors {
  const state = evaluateFormForBothModes(definition as unknown as FormDefinition, content);
  return { data: state.data, for: (mode) => state.errors[mode] };
}

export interface ContentErrors {
  /** The answers as they are saved (cleaned by the engine). */
  data: Record<string, unknown>;
  /** The field messages that block saving with this status. */
  for(mode: 'draft' | 'completed'): FieldErrors;
}
