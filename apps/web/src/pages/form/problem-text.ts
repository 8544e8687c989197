import { messages, problemSchema } from '@dcf/domain';
import { errorMessage, isApiError } from '../../api/client';

/** Field messages of a 400 (`errors: {fieldKey: [message]}`), or null when the failure is not one. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const parsed = problemSchema.partial().safeParse(error.body);
  const errors = parsed.success ? parsed.data.errors : undefined;
  return errors && Object.keys(errors).length > 0 ? errors : null;
}

/**
 * What to tell the person about a failed submission call. The API names the reason of a 409 in the
 * problem's title ('Locked by NAME since HH:mm', 'This reporting period is closed'...) and of a 403 in
 * its detail ('Only an authoriser can submit this return'); other failures use the client's message.
 */
export function problemText(error: unknown): string {
  if (isApiError(error) && (error.status === 409 || error.status === 403)) {
    const parsed = problemSchema.partial().safeParse(error.body);
    const text = error.status === 409 ? parsed.data?.title : parsed.data?.detail;
    if (parsed.success && text) return text;
  }
  return errorMessage(error);
}

/** A save refused because someone else saved since this page loaded. */
export function isStaleSave(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && problemText(error) === messages.submissionStale;
}
