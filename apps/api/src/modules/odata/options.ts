import { HttpProblem } from '../../platform/errors';

/**
 * The feed's query options (OData v4.0 URL conventions, system query options), read and checked
 * before any SQL is built. What the feed does not support is a 400 naming it, never ignored: a
 * client that asked for `$expand` and got rows without it would show wrong numbers. Custom options
 * (no `$`) are ignored, as the conventions allow (Power BI and Excel send none; browsers may add
 * cache busters).
 */
export class ODataQueryError extends HttpProblem {
  constructor(detail: string) {
    super('odata_query_invalid', 'The OData query cannot be answered', { detail });
  }
}

export interface OrderItem {
  name: string;
  descending: boolean;
}

export interface FeedOptions {
  select: string[] | null;
  filter: string | null;
  orderBy: OrderItem[];
  top: number | null;
  skip: number;
  count: boolean;
  /** Where the next page starts, counted after $skip (the server's own paging, @odata.nextLink). */
  skipToken: number;
}

const SUPPORTED = new Set([
  '$select',
  '$filter',
  '$orderby',
  '$top',
  '$skip',
  '$count',
  '$skiptoken',
  '$format',
]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Largest $top/$skip/$skiptoken: beyond any collection, and well inside a PostgreSQL bigint. */
const MAX_INTEGER = 1_000_000_000;

function nonNegative(name: string, text: string): number {
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_INTEGER)
    throw new ODataQueryError(`${name} must be a whole number from 0 to ${MAX_INTEGER}.`);
  return Number(text);
}

/** Reads the query string (as Fastify parsed it) into the feed's options. */
export function readOptions(query: Record<string, unknown>): FeedOptions {
  const options: FeedOptions = {
    select: null,
    filter: null,
    orderBy: [],
    top: null,
    skip: 0,
    count: false,
    skipToken: 0,
  };
  for (const [key, raw] of Object.entries(query)) {
    if (!key.startsWith('$')) continue;
    if (!SUPPORTED.has(key))
      throw new ODataQueryError(
        `${key.slice(0, 40)} is not supported; the feed supports ${[...SUPPORTED].filter((o) => o !== '$format').join(', ')}.`,
      );
    if (typeof raw !== 'string') throw new ODataQueryError(`${key} must be given once.`);
    const value = raw.trim();
    switch (key) {
      case '$select':
        options.select =
          value === '*' ? null : value.split(',').map((name) => identifier('$select', name.trim()));
        break;
      case '$filter':
        options.filter = value === '' ? null : value;
        break;
      case '$orderby':
        options.orderBy = value.split(',').map((item) => {
          const [name = '', direction, extra] = item.trim().split(/\s+/);
          if (extra !== undefined || (direction !== undefined && direction !== 'asc' && direction !== 'desc'))
            throw new ODataQueryError(
              `$orderby: "${item.trim().slice(0, 80)}" must be a property, then asc or desc.`,
            );
          return { name: identifier('$orderby', name), descending: direction === 'desc' };
        });
        break;
      case '$top':
        options.top = nonNegative('$top', value);
        break;
      case '$skip':
        options.skip = nonNegative('$skip', value);
        break;
      case '$skiptoken':
        options.skipToken = nonNegative('$skiptoken', value);
        break;
      case '$count':
        if (value !== 'true' && value !== 'false') throw new ODataQueryError('$count must be true or false.');
        options.count = value === 'true';
        break;
      case '$format':
        if (!/^(json|application\/json)(;.*)?$/.test(value))
          throw new ODataQueryError('$format: the feed answers JSON only ($format=json).');
        break;
    }
  }
  return options;
}

function identifier(option: string, name: string): string {
  if (!IDENTIFIER.test(name))
    throw new ODataQueryError(`${option}: "${name.slice(0, 80)}" is not a property name.`);
  return name;
}

/** The largest page the feed sends (Prefer: odata.maxpagesize may ask for smaller). */
export const PAGE_SIZE = 5000;

/** The page size a `Prefer` header asks for, within the feed's own; null when it asks for none. */
export function preferredPageSize(prefer: string | string[] | undefined): number | null {
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const match = /(?:^|[,;\s])(?:odata\.)?maxpagesize\s*=\s*"?(\d{1,9})"?/i.exec(text);
  if (!match) return null;
  const size = Number(match[1]);
  return size >= 1 ? Math.min(size, PAGE_SIZE) : null;
}
