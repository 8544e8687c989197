/**
 * Query parameters whose values are secrets (issue 27): the OIDC authorisation code and state of the
 * callback, tokens, and the signature of a signed URL (the local store's `sig`, an Azure SAS's `sig`
 * and user-delegation key fields). Neither a log line (logger.ts) nor a span (tracing.ts) carries them.
 */
export const SECRET_QUERY_PARAMETERS = [
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'sig',
  'signature',
  'token',
  'skoid',
  'sktid',
  'skv',
  'sks',
  'skt',
  'ske',
] as const;

const secret = new Set<string>(SECRET_QUERY_PARAMETERS);

/** The query string (without '?') with the values of secret parameters replaced. */
export function redactQuery(query: string): string {
  const params = new URLSearchParams(query);
  let changed = false;
  for (const key of [...params.keys()])
    if (secret.has(key.toLowerCase())) {
      params.set(key, '[redacted]');
      changed = true;
    }
  return changed ? params.toString() : query;
}

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url.slice(question + 1);
  const redacted = redactQuery(query);
  return redacted === query ? url : `${url.slice(0, question)}?${redacted}`;
}
