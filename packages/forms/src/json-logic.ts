/**
 * JSON Logic is the one way a form states a rule (conditions, calculations, validations, defaults), and
 * it must stay data. Form.io adds most of lodash as `_name` operations, some of which call functions
 * they are given or look functions up by name (`_invoke`, `_method`, `_result`, `_flow` ...); with
 * `{"var": "data.constructor.constructor"}` reaching `Function`, that is code execution again. So:
 * - definitions are checked against an allow-list of operations (checkJsonLogic), at upload and again
 *   before every evaluation (a definition stored earlier is never trusted);
 * - the operation table itself is cut down to the allow-list, `var` reads own properties only and never
 *   `constructor`, `__proto__` or `prototype`, and `cat` refuses to build huge strings (hardenJsonLogic).
 */

/** JSON Logic's own operations (json-logic-js 2), all pure. */
const CORE = [
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  '%',
  'in',
  'cat',
  'substr',
  '+',
  '*',
  '-',
  '/',
  'min',
  'max',
  'merge',
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  'and',
  'or',
  'filter',
  'map',
  'reduce',
  'all',
  'none',
  'some',
];
/** Form.io's date helpers. */
const FORMIO = ['getDate', 'relativeMinDate', 'relativeMaxDate'];
/**
 * Lodash functions that compute a value from values. Those taking an iteratee are safe because no
 * operand can be a function: `var` never yields one (see hardenJsonLogic) and no allowed operation
 * returns one, so an iteratee is always a property name or a pattern. Left out on purpose: anything
 * that invokes or builds functions (invoke, invokeMap, method, methodOf, result, property, propertyOf,
 * iteratee, matches, matchesProperty, conforms, cond, constant, flow, flowRight, over*, flip, negate,
 * overArgs, partial*, rearg, rest, spread, transform, reduce*, mapKeys, mapValues, omitBy, pickBy,
 * *With), path readers that reach prototypes (get, at, zipObjectDeep, toPath), answers that differ
 * between browser and server (random, sample*, shuffle, uniqueId), and huge outputs from small
 * inputs (repeat, pad*, range*, times).
 */
const LODASH = [
  'chunk',
  'compact',
  'concat',
  'difference',
  'drop',
  'dropRight',
  'findIndex',
  'findLastIndex',
  'first',
  'flatten',
  'flattenDeep',
  'flattenDepth',
  'fromPairs',
  'head',
  'indexOf',
  'initial',
  'intersection',
  'intersectionBy',
  'join',
  'last',
  'lastIndexOf',
  'nth',
  'slice',
  'sortedIndex',
  'sortedIndexOf',
  'sortedUniq',
  'tail',
  'take',
  'takeRight',
  'union',
  'unionBy',
  'uniq',
  'uniqBy',
  'unzip',
  'without',
  'xor',
  'zip',
  'zipObject',
  'countBy',
  'every',
  'filter',
  'find',
  'findLast',
  'flatMap',
  'groupBy',
  'includes',
  'keyBy',
  'map',
  'orderBy',
  'partition',
  'reject',
  'size',
  'some',
  'sortBy',
  'now',
  'castArray',
  'clone',
  'cloneDeep',
  'eq',
  'gt',
  'gte',
  'isArray',
  'isBoolean',
  'isDate',
  'isEmpty',
  'isEqual',
  'isFinite',
  'isInteger',
  'isMatch',
  'isNaN',
  'isNil',
  'isNull',
  'isNumber',
  'isObject',
  'isPlainObject',
  'isSafeInteger',
  'isString',
  'isUndefined',
  'lt',
  'lte',
  'toArray',
  'toFinite',
  'toInteger',
  'toLength',
  'toNumber',
  'toSafeInteger',
  'toString',
  'add',
  'ceil',
  'divide',
  'floor',
  'max',
  'maxBy',
  'mean',
  'meanBy',
  'min',
  'minBy',
  'multiply',
  'round',
  'subtract',
  'sum',
  'sumBy',
  'clamp',
  'inRange',
  'entries',
  'findKey',
  'findLastKey',
  'has',
  'invert',
  'keys',
  'omit',
  'pick',
  'toPairs',
  'values',
  'camelCase',
  'capitalize',
  'deburr',
  'endsWith',
  'escape',
  'kebabCase',
  'lowerCase',
  'lowerFirst',
  'parseInt',
  'replace',
  'snakeCase',
  'split',
  'startCase',
  'startsWith',
  'toLower',
  'toUpper',
  'trim',
  'trimEnd',
  'trimStart',
  'truncate',
  'unescape',
  'upperCase',
  'upperFirst',
  'words',
  'defaultTo',
  'identity',
].map((name) => `_${name}`);

export const allowedOperations: ReadonlySet<string> = new Set([...CORE, ...FORMIO, ...LODASH]);

/** Property names `var` never reads: the way from data to `Function`. */
const FORBIDDEN_SEGMENTS = new Set(['constructor', '__proto__', 'prototype']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `var` path is readable when it is a literal path without a forbidden segment. */
function varProblem(argument: unknown): string | null {
  const path = Array.isArray(argument) ? argument[0] : argument;
  if (path === undefined || path === null || typeof path === 'number') return null;
  if (typeof path !== 'string') return 'a "var" must name its path in plain text, not compute it';
  const bad = path.split('.').find((segment) => FORBIDDEN_SEGMENTS.has(segment));
  return bad ? `"var" may not read "${bad}"` : null;
}

/**
 * What is wrong with a JSON Logic rule, as sentences (empty when it is fine): operations outside the
 * allow-list, computed or forbidden `var` paths. A rule is an operation object with one key, an array
 * of rules, or a plain value.
 */
export function checkJsonLogic(logic: unknown, depth = 0): string[] {
  if (depth > 64) return ['the rule is nested too deeply (more than 64 levels)'];
  if (Array.isArray(logic)) return logic.flatMap((item) => checkJsonLogic(item, depth + 1));
  if (!isPlainObject(logic)) return [];
  const keys = Object.keys(logic);
  // An object with other than one key is data to JSON Logic (returned as it is), but still checked:
  // a rule is never hidden inside it for a later operation to run.
  if (keys.length !== 1) return keys.flatMap((key) => checkJsonLogic(logic[key], depth + 1));
  const op = keys[0] as string;
  const argument = logic[op];
  if (!allowedOperations.has(op)) return [`the operation "${op}" is not allowed`];
  if (op === 'var') {
    const problem = varProblem(argument);
    return problem ? [problem] : checkJsonLogic(Array.isArray(argument) ? argument.slice(1) : [], depth + 1);
  }
  if (op === 'missing' || op === 'missing_some') {
    const paths = (Array.isArray(argument) ? argument : [argument]).flat();
    const problem = paths.map(varProblem).find(Boolean);
    if (problem) return [problem];
  }
  return checkJsonLogic(argument, depth + 1);
}

/** The largest string `cat` may build (a whole return is at most 1 MB). */
const MAX_CAT_LENGTH = 1_000_000;

interface JsonLogicLike {
  add_operation(name: string, code: (...args: never[]) => unknown): void;
  apply(logic: unknown, data?: unknown): unknown;
}

const hardened = new WeakSet<object>();

/**
 * Hardens Form.io's shared JSON Logic instance in whichever process loads the engine (browser or
 * server): every operation outside the allow-list throws when applied (Form.io then treats the rule as
 * giving no answer), `var` reads own properties only, never a function, never a forbidden segment, and
 * `cat` refuses to build huge strings. json-logic-js applies nested rules through `jsonLogic.apply`, so
 * wrapping it sees every operation, including dotted ones (`{"_map.prototype": ...}`). Idempotent.
 */
export function hardenJsonLogic(jsonLogic: JsonLogicLike): void {
  if (hardened.has(jsonLogic)) return;
  hardened.add(jsonLogic);
  const apply = jsonLogic.apply.bind(jsonLogic);
  jsonLogic.apply = (logic: unknown, data?: unknown) => {
    if (isPlainObject(logic)) {
      const keys = Object.keys(logic);
      if (keys.length === 1 && !allowedOperations.has(keys[0] as string))
        throw new Error(`JSON Logic operation not allowed: ${keys[0]}`);
    }
    return apply(logic, data);
  };
  jsonLogic.add_operation('var', function safeVar(this: unknown, path: unknown, fallback: unknown) {
    const notFound = fallback === undefined ? null : fallback;
    if (path === undefined || path === null || path === '') return this;
    let data: unknown = this;
    for (const segment of String(path).split('.')) {
      if (FORBIDDEN_SEGMENTS.has(segment)) return notFound;
      if (data === null || data === undefined) return notFound;
      const holder: unknown = typeof data === 'string' ? Object(data) : data;
      if (typeof holder !== 'object' || !Object.hasOwn(holder as object, segment)) return notFound;
      data = (holder as Record<string, unknown>)[segment];
      if (data === undefined || typeof data === 'function') return notFound;
    }
    return data;
  } as (...args: never[]) => unknown);
  jsonLogic.add_operation('cat', ((...parts: unknown[]) => {
    const text = parts.join('');
    if (text.length > MAX_CAT_LENGTH) throw new Error('cat: the text is too long');
    return text;
  }) as (...args: never[]) => unknown);
}
