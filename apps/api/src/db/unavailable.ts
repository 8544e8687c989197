/**
 * Whether an error means the database could not be reached (down, restarting, connection lost), as
 * opposed to a query the database refused. Such a request answers 503 and may be retried; nothing it
 * tried to change was committed unless the commit itself had answered.
 *
 * Codes first: Node's socket errors, and PostgreSQL's SQLSTATE classes 08 (connection exception) and
 * 57P (operator intervention: shutdown, crash, starting up). node-postgres reports a few connection
 * failures with no code at all; those are recognised by its own fixed wording (pg 8, pg-pool 3).
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const NODE_POSTGRES_WORDING = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code)) return true;
  }
  if (NODE_POSTGRES_WORDING.some((words) => error.message.includes(words))) return true;
  // Node wraps parallel connection attempts (IPv4 and IPv6) in an AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
