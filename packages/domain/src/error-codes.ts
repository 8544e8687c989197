/**
 * Every `code` a problem detail of the API can carry, with its usual HTTP status and what it means.
 * Codes are part of the API's contract: clients switch on them (never on titles, which are the
 * specification's text for people and may change). Add a code here before throwing it; never rename
 * one. Zod-free: the web client's first page reads it.
 */
export const errorCodes = {
  validation_failed: {
    status: 400,
    meaning:
      'The request has errors: `errors` names each field with its messages, `additionalDetails` the rest.',
  },
  odata_query_invalid: {
    status: 400,
    meaning:
      'An OData query option is not one the feed supports, names an unknown property or cannot be read; `detail` (and the OData `error.message`) says which (decision 0040).',
  },
  sign_in_required: { status: 401, meaning: 'No valid session: sign in first.' },
  token_invalid: {
    status: 401,
    meaning:
      'The personal access token in the Authorization header is unknown, revoked or expired, its user is not active, or (HTTP Basic) the user name is not its user’s email.',
  },
  forbidden: {
    status: 403,
    meaning:
      'The user knows the record but may not do this; `detail` says why when there is a reason to give.',
  },
  csrf_failed: {
    status: 403,
    meaning: 'The X-XSRF-TOKEN header is missing or does not match the XSRF-TOKEN cookie.',
  },
  token_not_allowed: {
    status: 403,
    meaning:
      'A personal access token may not do this: a read token only reads, a submit token only locks, saves and submits returns, and no token manages tokens.',
  },
  link_expired: { status: 403, meaning: 'A signed file link is not valid or has expired.' },
  not_found: { status: 404, meaning: 'No such record, or one the user may not know of.' },
  unknown_user: { status: 404, meaning: 'The user named in the request does not exist.' },
  not_recipients: {
    status: 404,
    meaning: 'Organisations named are not recipients of the collection (`additionalDetails` lists them).',
  },
  stale_revision: {
    status: 409,
    meaning: 'Someone saved the return since the client loaded it (baseRevisionId is not the current one).',
  },
  lock_held: {
    status: 409,
    meaning: 'Someone else is editing the return (the title says who and since when).',
  },
  lock_required: {
    status: 409,
    meaning: 'The return must be locked by the caller (being edited) to save it.',
  },
  window_closed: { status: 409, meaning: 'The reporting period is not open (not yet open, or closed).' },
  collection_not_published: { status: 409, meaning: 'The collection is not published.' },
  collection_archived: { status: 409, meaning: 'An archived collection cannot be changed.' },
  no_form_definition: { status: 409, meaning: 'The collection has no form definition yet.' },
  invalid_status_change: {
    status: 409,
    meaning: 'The record cannot move from its status to the one asked for.',
  },
  submission_not_completed: { status: 409, meaning: 'The submission is not completed.' },
  authorisation_not_required: {
    status: 409,
    meaning: 'Regulator (NHSI) authorisation is not required here.',
  },
  client_reference_reused: {
    status: 409,
    meaning:
      'A bulk returns call named a client reference already used for a different request: a reference names one request, retried as often as needed.',
  },
  bulk_in_progress: {
    status: 409,
    meaning:
      'A bulk returns call with this client reference is still being processed: retry with the same reference to get its results.',
  },
  lock_page_closed: {
    status: 409,
    meaning:
      'The lock request names a page token whose page already released the lock: a page that has left never takes it again.',
  },
  signoff_not_required: {
    status: 409,
    meaning:
      "Trust authorisation is not required here: there is no authoriser's sign-off to send for or back from.",
  },
  submission_not_draft: { status: 409, meaning: 'Only a saved draft can be sent back.' },
  already_authorised: { status: 409, meaning: 'The submission is already authorised.' },
  revision_official: { status: 409, meaning: 'The official revision of a submission cannot be deleted.' },
  has_submissions: {
    status: 409,
    meaning: 'The change would lose or contradict existing submissions (`detail` says what to do instead).',
  },
  already_exists: {
    status: 409,
    meaning: 'A record with the same unique value (code, email) already exists.',
  },
  still_in_use: {
    status: 409,
    meaning: 'The record is still in use, or refers to a record that does not exist.',
  },
  feature_disabled: {
    status: 409,
    meaning: 'The feature is switched off (for the service or this collection).',
  },
  no_excel_template: { status: 409, meaning: 'The collection has no Excel template.' },
  sync_in_progress: { status: 409, meaning: 'A sync with ODS is already running.' },
  too_large_for_excel: {
    status: 409,
    meaning:
      'The export has more columns (16,384) or rows (1,048,576 with the headings) than an Excel sheet holds; CSV has no such limit.',
  },
  payload_too_large: { status: 413, meaning: 'The request body or file is larger than allowed.' },
  file_too_large_unpacked: {
    status: 413,
    meaning:
      'An uploaded spreadsheet or zip would unpack past a limit (a part, the total, the number of parts, the compression ratio) or states two sizes; `detail` says which. Nothing was opened.',
  },
  request_not_accepted: {
    status: 415,
    meaning: 'The request cannot be read as sent (content type, method); the status is the one HTTP gives.',
  },
  form_cannot_be_checked: {
    status: 422,
    meaning:
      "The answers could not be checked against the form within the evaluation's time or memory budget: the form's rules cost too much. `detail` names the question or data quality rule where it stopped, when known. Nothing was saved; the collection manager must correct the form.",
  },
  rate_limited: { status: 429, meaning: 'Too many requests: wait (see Retry-After) and try again.' },
  internal_error: { status: 500, meaning: 'An unexpected failure; it is logged with the request id.' },
  database_unavailable: {
    status: 503,
    meaning:
      'The database is restarting or unreachable, or the server has more saves waiting than it takes (decision 0043): retry after Retry-After seconds.',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof errorCodes;

export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** The problem `type` URI of a code (RFC 9457 3.1.1: an identifier, not a link to fetch). */
export const problemType = (code: ErrorCode) => `urn:dcf:problem:${code}`;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
