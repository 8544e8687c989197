import { errorMessage, isApiError } from '../../api/client';

/**
 * What to show for a failed call: a 400's field messages (the completeness messages when publishing),
 * a 409's title and detail (why it conflicts), else the specification's text for the status.
 */
export function problemMessages(error: unknown): string[] {
  if (isApiError(error) && error.status === 400) {
    const errors = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
    if (errors) return Object.values(errors).flat();
  }
  if (isApiError(error) && error.status === 409) {
    const body = error.body as { title?: string; detail?: string } | undefined;
    const parts = [body?.title, body?.detail].filter((m): m is string => Boolean(m));
    if (parts.length > 0) return parts;
  }
  return [errorMessage(error)];
}
