import { defaultParser } from '@odata/parser';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { EdmType } from './model';
import { ODataQueryError } from './options';

/**
 * $filter to SQL (decision 0040). The text is parsed by @odata/parser (the OASIS ABNF grammar); we
 * accept the comparisons eq, ne, gt, ge, lt, le between a property and a literal, and contains,
 * startswith and endswith of a text property and a text, joined by and, or, not and parentheses, and
 * refuse anything else with a 400 that says what. Literals are always bound
 * parameters, properties always the feed's own expressions: the client's text never reaches the SQL.
 *
 * Nulls as OData says: `X eq null` is true when X has no value, `X ne 5` is true then too, and an
 * ordering comparison with null is false (so `not` of any comparison is its exact opposite).
 */
export interface Filterable {
  type: EdmType;
  /** The property's value in SQL, typed as its EDM type (text, numeric, boolean, date as ISO text...). */
  expr: RawBuilder<unknown> | null;
}

/** Resolves a property name of the entity set, or throws the 400 naming it. */
export type Resolve = (name: string) => Filterable;

/** Longest $filter accepted: a hand-made filter is far shorter; this bounds the parser's work. */
export const MAX_FILTER_LENGTH = 4000;

interface Node {
  type: string;
  raw: string;
  value: unknown;
}

const COMPARISONS: Record<string, string> = {
  EqualsExpression: '=',
  NotEqualsExpression: '<>',
  GreaterThanExpression: '>',
  GreaterOrEqualsExpression: '>=',
  LesserThanExpression: '<',
  LesserOrEqualsExpression: '<=',
};
/** The operator with its sides swapped (`5 lt X` is `X gt 5`). */
const MIRROR: Record<string, string> = { '=': '=', '<>': '<>', '>': '<', '>=': '<=', '<': '>', '<=': '>=' };
const BINARY = new Set(['AndExpression', 'OrExpression']);
const NUMERIC_LITERALS = new Set([
  'Edm.SByte',
  'Edm.Byte',
  'Edm.Int16',
  'Edm.Int32',
  'Edm.Int64',
  'Edm.Decimal',
  'Edm.Double',
  'Edm.Single',
]);

/** Parses and compiles a $filter; throws ODataQueryError (400) for anything it does not accept. */
export function compileFilter(text: string, resolve: Resolve): RawBuilder<SqlBool> {
  if (text.length > MAX_FILTER_LENGTH)
    throw new ODataQueryError(`$filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  if (parenthesesDepth(text) > MAX_PARENTHESES_DEPTH)
    throw new ODataQueryError('$filter is nested too deeply.');
  let tree: Node;
  try {
    tree = defaultParser.filter(text) as unknown as Node;
  } catch {
    throw new ODataQueryError(`$filter could not be read: ${shorten(text)}`);
  }
  if (!tree || tree.raw !== text.trim())
    throw new ODataQueryError(`$filter could not be read: ${shorten(text)}`);
  return compile(fixNot(tree), resolve, 0);
}

/**
 * Parentheses nested deeper than this are refused before parsing: the parser's time grows steeply with
 * nesting (4,000 characters of `((((...))))` held the event loop 5 to 11 s), while a person's or Power
 * Query's filter nests a few levels.
 */
const MAX_PARENTHESES_DEPTH = 32;

/** The deepest nesting of parentheses outside string literals ('' inside a literal is a quote). */
function parenthesesDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inLiteral = false;
  for (const c of text) {
    if (c === "'") inLiteral = !inLiteral;
    else if (inLiteral) continue;
    else if (c === '(') deepest = Math.max(deepest, ++depth);
    else if (c === ')') depth--;
  }
  return deepest;
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}...` : text);

/**
 * `not` binds tighter than `and` and `or` (OData URL conventions, operator precedence), but the
 * parser, following the ABNF's `notExpr = "not" RWS boolCommonExpr` literally, reads `not A or B` as
 * `not (A or B)`. This gives `not` back to the leftmost operand of what it took: `(not A) or B`.
 */
export function fixNot(node: Node): Node {
  if (BINARY.has(node.type)) {
    const v = node.value as { left: Node; right: Node };
    return { ...node, value: { left: fixNot(v.left), right: fixNot(v.right) } };
  }
  if (node.type === 'BoolParenExpression') return { ...node, value: fixNot(node.value as Node) };
  if (node.type !== 'NotExpression') return node;
  const operand = fixNot(node.value as Node);
  const negateLeftmost = (n: Node): Node => {
    if (!BINARY.has(n.type)) return { type: 'NotExpression', raw: `not ${n.raw}`, value: n };
    const v = n.value as { left: Node; right: Node };
    return { ...n, value: { left: negateLeftmost(v.left), right: v.right } };
  };
  return negateLeftmost(operand);
}

/** Nesting deeper than this is refused (a person's filter is a few levels deep). */
const MAX_DEPTH = 100;

function compile(node: Node, resolve: Resolve, depth: number): RawBuilder<SqlBool> {
  if (depth > MAX_DEPTH) throw new ODataQueryError('$filter is nested too deeply.');
  if (node.type === 'AndExpression' || node.type === 'OrExpression') {
    const v = node.value as { left: Node; right: Node };
    const left = compile(v.left, resolve, depth + 1);
    const right = compile(v.right, resolve, depth + 1);
    return node.type === 'AndExpression'
      ? sql<SqlBool>`(${left} and ${right})`
      : sql<SqlBool>`(${left} or ${right})`;
  }
  if (node.type === 'NotExpression')
    return sql<SqlBool>`(not ${compile(node.value as Node, resolve, depth + 1)})`;
  if (node.type === 'BoolParenExpression') return compile(node.value as Node, resolve, depth + 1);
  const op = COMPARISONS[node.type];
  if (op) return comparison(node, op, resolve);
  if (node.type === 'MethodCallExpression') return textMatch(node, resolve);
  throw new ODataQueryError(
    `$filter: "${shorten(node.raw)}" is not supported; use eq, ne, gt, ge, lt, le, and, or, not and parentheses, comparing a property with a value, or contains, startswith and endswith.`,
  );
}

/**
 * contains, startswith and endswith of a text property and a text value: what Power Query sends for
 * "Text Filters". Matched by position, not LIKE, so `%` and `_` in the value are plain characters.
 */
function textMatch(node: Node, resolve: Resolve): RawBuilder<SqlBool> {
  const { method, parameters } = node.value as { method: string; parameters: Node[] };
  const [subject, literal] = parameters;
  const name = subject && propertyName(subject);
  if (
    !['contains', 'startswith', 'endswith'].includes(method) ||
    parameters.length !== 2 ||
    !name ||
    literal?.type !== 'Literal'
  )
    throw new ODataQueryError(
      `$filter: "${shorten(node.raw)}" is not supported; of the functions the feed takes contains, startswith and endswith of a property and a text.`,
    );
  const property = resolve(name);
  if (property.expr === null) throw new ODataQueryError(`$filter: ${name} cannot be filtered on.`);
  if (property.type !== 'Edm.String')
    throw new ODataQueryError(
      `$filter: ${method} takes a text property; ${name} is ${property.type.replace('Edm.', '')}.`,
    );
  const value = literalValue(literal, 'Edm.String', name);
  if (value === null) return sql<SqlBool>`false`;
  const x = property.expr;
  if (method === 'contains') return sql<SqlBool>`coalesce(strpos(${x}, ${value}) > 0, false)`;
  if (method === 'startswith') return sql<SqlBool>`coalesce(left(${x}, length(${value})) = ${value}, false)`;
  return sql<SqlBool>`coalesce(right(${x}, length(${value})) = ${value}, false)`;
}

/** The property a side names (`Headcount`), or null when the side is not a plain property. */
function propertyName(node: Node): string | null {
  let n: Node | undefined = node;
  for (const step of [
    'FirstMemberExpression',
    'MemberExpression',
    'PropertyPathExpression',
    'ODataIdentifier',
  ]) {
    if (!n || n.type !== step) return null;
    n = step === 'ODataIdentifier' ? n : (n.value as Node);
  }
  const name = (n?.value as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && n?.raw === name ? name : null;
}

function comparison(node: Node, op: string, resolve: Resolve): RawBuilder<SqlBool> {
  const { left, right } = node.value as { left: Node; right: Node };
  let name = propertyName(left);
  let literal = right;
  let operator = op;
  if (name === null) {
    name = propertyName(right);
    literal = left;
    operator = MIRROR[op] as string;
  }
  if (name === null || literal.type !== 'Literal')
    throw new ODataQueryError(`$filter: "${shorten(node.raw)}" must compare one property with a value.`);
  const property = resolve(name);
  if (property.expr === null) throw new ODataQueryError(`$filter: ${name} cannot be filtered on.`);
  const value = literalValue(literal, property.type, name);
  const x = property.expr;
  if (value === null) {
    if (operator === '=') return sql<SqlBool>`(${x} is null)`;
    if (operator === '<>') return sql<SqlBool>`(${x} is not null)`;
    return sql<SqlBool>`false`;
  }
  if (operator === '<>') return sql<SqlBool>`(${x} is distinct from ${value})`;
  return sql<SqlBool>`coalesce(${x} ${sql.raw(operator)} ${value}, false)`;
}

const NUMBER = /^-?\d{1,30}(\.\d{1,30})?([eE][+-]?\d{1,3})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,12})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day (2023-02-30 is not one), year 1 or later. */
export function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  const at = new Date(Date.UTC(2000, mo - 1, d));
  at.setUTCFullYear(y);
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/** The literal as a bound parameter of the property's SQL type; null for `null`. */
function literalValue(node: Node, type: EdmType, name: string): RawBuilder<unknown> | null {
  const kind = String(node.value);
  const raw = node.raw;
  if (kind === 'null') return null;
  const wrong = () =>
    new ODataQueryError(
      `$filter: ${name} is ${type.replace('Edm.', '')}; ${shorten(raw)} is not a value of that type.`,
    );
  switch (type) {
    case 'Edm.String':
      if (kind !== 'Edm.String') throw wrong();
      return sql`${raw.slice(1, -1).replaceAll("''", "'")}::text`;
    case 'Edm.Int64':
    case 'Edm.Decimal':
      if (!NUMERIC_LITERALS.has(kind) || !NUMBER.test(raw)) throw wrong();
      return sql`${raw}::numeric`;
    case 'Edm.Boolean':
      if (kind !== 'Edm.Boolean') throw wrong();
      return sql`${raw.toLowerCase() === 'true'}::boolean`;
    case 'Edm.Date':
      if (kind !== 'Edm.Date' || !isRealDate(raw)) throw wrong();
      return sql`${raw}::text`;
    case 'Edm.DateTimeOffset': {
      if (kind !== 'Edm.DateTimeOffset' || !INSTANT.test(raw) || !isRealDate(raw.slice(0, 10))) throw wrong();
      const at = new Date(raw.replace(/(\.\d{3})\d+/, '$1'));
      if (Number.isNaN(at.getTime())) throw wrong();
      // As seconds since 1970, not ISO text: 0001-01-01T00:00+14:00 is in year 0 once in UTC, which
      // PostgreSQL does not read as text (a 500 before), and 9999-12-31T23:59-14:00 in year 10000.
      return sql`to_timestamp(${at.getTime() / 1000}::double precision)`;
    }
  }
}
