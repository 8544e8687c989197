import { type Expression, type Node, type Pattern, parse, type Statement } from 'acorn';

/**
 * Converts a form's custom JavaScript to JSON Logic when it says something JSON Logic can say: reading
 * answers (`data.x`, `row.x`, `input`), literals, arithmetic, comparisons, `&&` / `||` / `!`, ternaries,
 * `if` / `else`, local variables, `Number()` / `parseFloat()` / `parseInt()` / `String()`, a few `Math`
 * and lodash functions, string `includes` / `trim` / `toLowerCase` ..., and `map` / `filter` / `some` /
 * `every` / `reduce` over a grid with a simple arrow function. The code is parsed (acorn), never run;
 * anything else is refused with the reason, and the caller refuses the definition.
 *
 * The code's result is the variable Form.io reads: `value` (calculated and default values), `show`
 * (custom conditions, which Form.io starts at true), `valid` (custom validation, starts at true),
 * `result` (logic triggers) and `next` (wizard page routing).
 */

export type ResultVariable = 'value' | 'show' | 'valid' | 'result' | 'next';
export type ValueType = 'number' | 'string' | 'boolean' | 'unknown';

export interface ConvertOptions {
  /** The type of the answer at `data.a.b` / `row.x` / `input` (drives `+`: sum or join). */
  typeOf?: (root: 'data' | 'row' | 'input', segments: string[]) => ValueType;
  /** What the result variable holds before the code runs (JSON Logic); null when not given. */
  initial?: unknown;
}

export type Conversion = { ok: true; logic: unknown } | { ok: false; reason: string };

interface Typed {
  logic: unknown;
  type: ValueType;
}

class Refused extends Error {}
const refuse = (reason: string): never => {
  throw new Refused(reason);
};

const INITIAL: Record<ResultVariable, unknown> = {
  show: true,
  valid: true,
  value: null,
  result: null,
  next: null,
};

/** Names Form.io gives custom code that have no JSON Logic equivalent. */
const UNSUPPORTED_NAMES = new Set([
  'moment',
  'instance',
  'component',
  'form',
  'submission',
  'options',
  'config',
  'utils',
  'util',
  'self',
  'window',
  'document',
  'globalThis',
  'global',
  'process',
  'require',
  'module',
  'exports',
  'eval',
  'Function',
  'fetch',
  'XMLHttpRequest',
  'console',
  'this',
  'rowIndex',
  'token',
  'user',
  'Date',
  'JSON',
]);

const ROOTS = new Set(['data', 'row', 'input']);

/** lodash functions the converter maps `_.name(...)` to whose result is a number. */
const LODASH_NUMBER_CALLS = new Set([
  'sum',
  'round',
  'floor',
  'ceil',
  'max',
  'min',
  'mean',
  'add',
  'subtract',
  'multiply',
  'divide',
  'size',
  'toNumber',
]);

/**
 * lodash functions the converter maps `_.name(...)` to (their `_name` operations are in our JSON Logic);
 * `sumBy` and `meanBy` become `_sum` / `_mean` of a `map` (sumOrMeanBy).
 */
const LODASH_CALLS = new Set([
  ...LODASH_NUMBER_CALLS,
  'isEmpty',
  'isNil',
  'includes',
  'toString',
  'trim',
  'toLower',
  'toUpper',
  'startsWith',
  'endsWith',
  'compact',
  'uniq',
  'flatten',
  'first',
  'last',
  'head',
  'isEqual',
]);

const STRING_METHODS: Record<string, string> = {
  toLowerCase: '_toLower',
  toUpperCase: '_toUpper',
  trim: '_trim',
  trimStart: '_trimStart',
  trimEnd: '_trimEnd',
  startsWith: '_startsWith',
  endsWith: '_endsWith',
};

const ITERATORS: Record<string, string> = { map: 'map', filter: 'filter', some: 'some', every: 'all' };

const BINARY: Record<string, string> = {
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '==': '==',
  '===': '===',
  '!=': '!=',
  '!==': '!==',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

type Env = Map<string, Typed>;

/** Variables of the code: the result, locals, and (inside an arrow function) its parameters. */
interface Scope {
  env: Env;
  result: ResultVariable;
  /** Inside a map/filter/... callback: parameter name -> the JSON Logic var prefix it stands for. */
  params?: Map<string, string>;
  options: ConvertOptions;
}

const v = (path: string): unknown => ({ var: path });

function memberPath(node: Expression, scope: Scope): { root: string; segments: string[] } | null {
  const segments: string[] = [];
  let current: Node = node;
  while (current.type === 'MemberExpression' || current.type === 'ChainExpression') {
    if (current.type === 'ChainExpression') {
      current = (current as Extract<Expression, { type: 'ChainExpression' }>).expression;
      continue;
    }
    const member = current as Extract<Expression, { type: 'MemberExpression' }>;
    if (member.computed) {
      const prop = member.property;
      if (prop.type !== 'Literal' || (typeof prop.value !== 'string' && typeof prop.value !== 'number'))
        refuse('it reads a property whose name is computed');
      segments.unshift(String((prop as { value: string | number }).value));
    } else {
      segments.unshift((member.property as { name: string }).name);
    }
    current = member.object;
  }
  if (current.type !== 'Identifier') return null;
  const root = (current as unknown as { name: string }).name;
  if (!ROOTS.has(root) && !scope.params?.has(root) && !(root === 'value' && scope.result !== 'value'))
    return null;
  return { root, segments };
}

function readPath(root: string, segments: string[], scope: Scope): Typed {
  for (const s of segments)
    if (s === 'constructor' || s === '__proto__' || s === 'prototype') refuse(`it reads "${s}"`);
  const param = scope.params?.get(root);
  if (param !== undefined) {
    const path = [param, ...segments].filter(Boolean).join('.');
    return { logic: v(path), type: 'unknown' };
  }
  if (scope.params) refuse(`inside an arrow function only its own parameters may be read, not "${root}"`);
  const type =
    root === 'data' || root === 'row' || root === 'input'
      ? (scope.options.typeOf?.(root, segments) ?? 'unknown')
      : 'unknown';
  const name = root === 'value' ? 'input' : root;
  return { logic: v([name, ...segments].join('.')), type };
}

function identifier(name: string, scope: Scope): Typed {
  const local = scope.env.get(name);
  if (local) return local;
  if (scope.params?.has(name)) return readPath(name, [], scope);
  if (name === 'undefined') return { logic: null, type: 'unknown' };
  if (name === 'input' || (name === 'value' && scope.result !== 'value')) return readPath('input', [], scope);
  if (name === 'data' || name === 'row') return readPath(name, [], scope);
  if (UNSUPPORTED_NAMES.has(name) || name === '_')
    refuse(`it uses "${name}", which JSON Logic has no equivalent for`);
  return refuse(`it uses "${name}", which is not defined`);
}

const plus = (left: Typed, right: Typed): Typed =>
  left.type === 'string' || right.type === 'string'
    ? { logic: { cat: [left.logic, right.logic] }, type: 'string' }
    : { logic: { '+': [left.logic, right.logic] }, type: 'number' };

function callback(node: Node, names: string[], scope: Scope): unknown {
  if (node.type !== 'ArrowFunctionExpression' && node.type !== 'FunctionExpression')
    refuse('the function passed to map/filter/some/every/reduce must be written inline');
  const fn = node as Extract<Expression, { type: 'ArrowFunctionExpression' }>;
  if (fn.params.length > names.length || fn.params.some((p: Pattern) => p.type !== 'Identifier'))
    refuse('the inline function has parameters JSON Logic cannot give it');
  const params = new Map<string, string>();
  fn.params.forEach((p, i) => {
    params.set((p as { name: string }).name, names[i] as string);
  });
  const inner: Scope = { env: new Map(), result: scope.result, params, options: scope.options };
  if (fn.body.type === 'BlockStatement') {
    const [only] = fn.body.body;
    if (fn.body.body.length !== 1 || only?.type !== 'ReturnStatement' || !only.argument)
      refuse('an inline function must be a single expression or a single return');
    return expression((only as { argument: Expression }).argument, inner).logic;
  }
  return expression(fn.body as Expression, inner).logic;
}

/**
 * `_.sumBy(rows, 'beds')` / `_.meanBy(rows, r => r.beds)` as `_sum` / `_mean` of a `map`: lodash's `*By`
 * operations read their property name as a path (any text), so JSON Logic has none of them; the item's
 * property is read by `var`, and a name must be plain (`beds`, `ward.beds`).
 */
function sumOrMeanBy(
  node: Extract<Expression, { type: 'CallExpression' }>,
  method: 'sumBy' | 'meanBy',
  scope: Scope,
): Typed {
  const [list, by] = node.arguments;
  if (
    node.arguments.length !== 2 ||
    !list ||
    !by ||
    list.type === 'SpreadElement' ||
    by.type === 'SpreadElement'
  )
    return refuse(`"_.${method}()" takes a list and a property name or an inline function`);
  let item: unknown;
  if (by.type === 'Literal' && typeof by.value === 'string') {
    const name = by.value;
    if (!PLAIN_PROPERTY.test(name) || name.split('.').some((part) => FORBIDDEN_PROPERTIES.has(part)))
      return refuse(`"_.${method}()" must name the property plainly (like 'beds')`);
    item = { var: name };
  } else item = callback(by, [''], scope);
  const op = method === 'sumBy' ? '_sum' : '_mean';
  return { logic: { [op]: [{ map: [expression(list, scope).logic, item] }] }, type: 'number' };
}

const PLAIN_PROPERTY = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const FORBIDDEN_PROPERTIES = new Set(['__proto__', 'constructor', 'prototype']);

function call(node: Extract<Expression, { type: 'CallExpression' }>, scope: Scope): Typed {
  const args = () =>
    node.arguments.map((a) => {
      if (a.type === 'SpreadElement') return refuse('it spreads arguments');
      return expression(a, scope);
    });
  const callee = node.callee;
  if (callee.type === 'Identifier') {
    const [first] = args();
    switch (callee.name) {
      case 'Number':
      case 'parseFloat':
        return { logic: { '+': [first?.logic ?? null] }, type: 'number' };
      case 'parseInt':
        return { logic: { _parseInt: [first?.logic ?? null] }, type: 'number' };
      case 'String':
        return { logic: { cat: [first?.logic ?? ''] }, type: 'string' };
      case 'Boolean':
        return { logic: { '!!': [first?.logic ?? null] }, type: 'boolean' };
    }
    return refuse(`it calls "${callee.name}()"`);
  }
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier')
    return refuse('it calls a function JSON Logic has no equivalent for');
  const method = callee.property.name;
  let root: Node = callee.object;
  while (root.type === 'MemberExpression')
    root = (root as Extract<Expression, { type: 'MemberExpression' }>).object;
  if (root.type === 'Identifier') {
    const name = (root as unknown as { name: string }).name;
    if (name !== 'Math' && name !== '_') identifier(name, scope);
  }
  if (callee.object.type === 'Identifier' && callee.object.name === 'Math') {
    const list = args();
    const logic = list.map((a) => a.logic);
    switch (method) {
      case 'max':
      case 'min':
        return { logic: { [method]: logic }, type: 'number' };
      case 'round':
      case 'floor':
      case 'ceil':
        return { logic: { [`_${method}`]: logic.slice(0, 1) }, type: 'number' };
      case 'abs':
        return { logic: { if: [{ '<': [logic[0], 0] }, { '-': [logic[0]] }, logic[0]] }, type: 'number' };
    }
    return refuse(`it calls "Math.${method}()"`);
  }
  if (callee.object.type === 'Identifier' && callee.object.name === '_') {
    if (method === 'sumBy' || method === 'meanBy') return sumOrMeanBy(node, method, scope);
    if (method === 'maxBy' || method === 'minBy')
      return refuse(
        `it calls "_.${method}()", which gives a row, not a number: for the ${method === 'maxBy' ? 'highest' : 'lowest'} value write _.${method.slice(0, 3)}(rows.map(r => r.x))`,
      );
    if (!LODASH_CALLS.has(method)) return refuse(`it calls "_.${method}()"`);
    const list = args();
    return {
      logic: { [`_${method}`]: list.map((a) => a.logic) },
      type: LODASH_NUMBER_CALLS.has(method) ? 'number' : 'unknown',
    };
  }
  const target = () => expression(callee.object as Expression, scope);
  if (method in ITERATORS) {
    const [fn] = node.arguments;
    if (node.arguments.length !== 1 || !fn) return refuse(`"${method}" takes one inline function here`);
    return {
      logic: { [ITERATORS[method] as string]: [target().logic, callback(fn, [''], scope)] },
      type: 'unknown',
    };
  }
  if (method === 'reduce') {
    const [fn, initial] = node.arguments;
    if (!fn || !initial || node.arguments.length !== 2)
      return refuse('"reduce" needs an inline function and a start value');
    if (initial.type === 'SpreadElement') return refuse('it spreads arguments');
    const start = expression(initial, scope);
    return {
      logic: { reduce: [target().logic, callback(fn, ['accumulator', 'current'], scope), start.logic] },
      type: start.type,
    };
  }
  if (method === 'includes') {
    const [needle] = args();
    return { logic: { in: [needle?.logic ?? null, target().logic] }, type: 'boolean' };
  }
  if (method === 'toString') return { logic: { cat: [target().logic] }, type: 'string' };
  const op = STRING_METHODS[method];
  if (op)
    return {
      logic: { [op]: [target().logic, ...args().map((a) => a.logic)] },
      type: op.startsWith('_to') || op.startsWith('_trim') ? 'string' : 'boolean',
    };
  return refuse(`it calls ".${method}()"`);
}

function expression(node: Expression, scope: Scope): Typed {
  switch (node.type) {
    case 'Literal': {
      if ('regex' in node && node.regex) return refuse('it uses a regular expression');
      if (typeof node.value === 'bigint') return refuse('it uses a BigInt');
      const value = node.value as string | number | boolean | null;
      const type: ValueType =
        typeof value === 'number'
          ? 'number'
          : typeof value === 'string'
            ? 'string'
            : typeof value === 'boolean'
              ? 'boolean'
              : 'unknown';
      return { logic: value, type };
    }
    case 'Identifier':
      return identifier(node.name, scope);
    case 'TemplateLiteral': {
      const parts: unknown[] = [];
      node.quasis.forEach((quasi, i) => {
        if (quasi.value.cooked) parts.push(quasi.value.cooked);
        const inner = node.expressions[i];
        if (inner) parts.push(expression(inner, scope).logic);
      });
      return { logic: { cat: parts }, type: 'string' };
    }
    case 'MemberExpression':
    case 'ChainExpression': {
      const path = memberPath(node, scope);
      if (path) return readPath(path.root, path.segments, scope);
      const inner = node.type === 'ChainExpression' ? node.expression : node;
      if (
        inner.type === 'MemberExpression' &&
        !inner.computed &&
        inner.property.type === 'Identifier' &&
        inner.property.name === 'length'
      )
        return { logic: { _size: [expression(inner.object as Expression, scope).logic] }, type: 'number' };
      if (inner.type === 'CallExpression') return call(inner, scope);
      let root: Node = inner;
      while (root.type === 'MemberExpression')
        root = (root as Extract<Expression, { type: 'MemberExpression' }>).object;
      // An unknown name says why ("it uses process"); a local holds a rule, not an object to read.
      if (root.type === 'Identifier') identifier((root as unknown as { name: string }).name, scope);
      return refuse('it reads something other than the answers');
    }
    case 'BinaryExpression': {
      if (node.left.type === 'PrivateIdentifier') return refuse('it uses a private name');
      const left = expression(node.left, scope);
      const right = expression(node.right, scope);
      if (node.operator === '+') return plus(left, right);
      const op = BINARY[node.operator];
      if (!op) return refuse(`it uses the operator "${node.operator}"`);
      const numeric = ['-', '*', '/', '%'].includes(op);
      return { logic: { [op]: [left.logic, right.logic] }, type: numeric ? 'number' : 'boolean' };
    }
    case 'LogicalExpression': {
      const left = expression(node.left, scope);
      const right = expression(node.right, scope);
      const type = left.type === right.type ? left.type : 'unknown';
      if (node.operator === '??')
        return { logic: { if: [{ '!=': [left.logic, null] }, left.logic, right.logic] }, type };
      return { logic: { [node.operator === '&&' ? 'and' : 'or']: [left.logic, right.logic] }, type };
    }
    case 'UnaryExpression': {
      const arg = expression(node.argument, scope);
      switch (node.operator) {
        case '!':
          return { logic: { '!': [arg.logic] }, type: 'boolean' };
        case '-':
          return typeof arg.logic === 'number'
            ? { logic: -arg.logic, type: 'number' }
            : { logic: { '-': [arg.logic] }, type: 'number' };
        case '+':
          return { logic: { '+': [arg.logic] }, type: 'number' };
      }
      return refuse(`it uses the operator "${node.operator}"`);
    }
    case 'ConditionalExpression': {
      const test = expression(node.test, scope);
      const yes = expression(node.consequent, scope);
      const no = expression(node.alternate, scope);
      return {
        logic: { if: [test.logic, yes.logic, no.logic] },
        type: yes.type === no.type ? yes.type : 'unknown',
      };
    }
    case 'CallExpression':
      return call(node, scope);
    case 'ArrayExpression':
      return {
        logic: node.elements.map((e) => {
          if (!e || e.type === 'SpreadElement') return refuse('it builds an array with holes or spreads');
          return expression(e, scope).logic;
        }),
        type: 'unknown',
      };
    case 'ParenthesizedExpression':
      return expression(node.expression, scope);
  }
  return refuse(`it uses ${describe(node.type)}`);
}

const describe = (type: string) =>
  ({
    AssignmentExpression: 'an assignment inside an expression',
    ObjectExpression: 'an object literal',
    FunctionExpression: 'a function',
    ArrowFunctionExpression: 'a function',
    NewExpression: '"new"',
    SequenceExpression: 'a comma expression',
    UpdateExpression: '"++" or "--"',
    TaggedTemplateExpression: 'a tagged template',
    AwaitExpression: '"await"',
    ThisExpression: '"this"',
  })[type] ?? `a ${type}`;

const COMPOUND: Record<string, (a: Typed, b: Typed) => Typed> = {
  '=': (_a, b) => b,
  '+=': plus,
  '-=': (a, b) => ({ logic: { '-': [a.logic, b.logic] }, type: 'number' }),
  '*=': (a, b) => ({ logic: { '*': [a.logic, b.logic] }, type: 'number' }),
  '/=': (a, b) => ({ logic: { '/': [a.logic, b.logic] }, type: 'number' }),
};

function statements(list: readonly Statement[], scope: Scope): void {
  for (const statement of list) statementOf(statement, scope);
}

function assign(name: string, value: Typed, scope: Scope) {
  if (name !== scope.result && !scope.env.has(name))
    refuse(`it assigns "${name}", which is neither declared nor the result "${scope.result}"`);
  scope.env.set(name, value);
}

function statementOf(node: Statement, scope: Scope): void {
  switch (node.type) {
    case 'EmptyStatement':
      return;
    case 'BlockStatement':
      statements(node.body, scope);
      return;
    case 'VariableDeclaration':
      for (const d of node.declarations) {
        if (d.id.type !== 'Identifier') refuse('it destructures');
        const name = (d.id as { name: string }).name;
        if (name === scope.result || ROOTS.has(name)) refuse(`it redeclares "${name}"`);
        scope.env.set(name, d.init ? expression(d.init, scope) : { logic: null, type: 'unknown' });
      }
      return;
    case 'ExpressionStatement': {
      const e = node.expression;
      if (e.type === 'Literal' && typeof e.value === 'string') return; // a directive such as 'use strict'
      if (e.type !== 'AssignmentExpression' || e.left.type !== 'Identifier')
        refuse('a statement does something other than set a variable');
      const assignment = e as Extract<Expression, { type: 'AssignmentExpression' }>;
      const combine = COMPOUND[assignment.operator];
      if (!combine) refuse(`it uses the operator "${assignment.operator}"`);
      const name = (assignment.left as { name: string }).name;
      const current = scope.env.get(name) ?? { logic: null, type: 'unknown' as const };
      assign(
        name,
        (combine as NonNullable<typeof combine>)(current, expression(assignment.right, scope)),
        scope,
      );
      return;
    }
    case 'IfStatement': {
      const test = expression(node.test, scope);
      const before = new Map(scope.env);
      const yes: Scope = { ...scope, env: new Map(before) };
      statementOf(node.consequent, yes);
      const no: Scope = { ...scope, env: new Map(before) };
      if (node.alternate) statementOf(node.alternate, no);
      for (const name of new Set([...yes.env.keys(), ...no.env.keys()])) {
        const a = yes.env.get(name);
        const b = no.env.get(name);
        // A variable declared inside a branch is that branch's own.
        if (!before.has(name)) continue;
        const fallback = before.get(name) ?? { logic: null, type: 'unknown' as const };
        const left = a ?? fallback;
        const right = b ?? fallback;
        if (left === right) continue;
        scope.env.set(name, {
          logic: { if: [test.logic, left.logic, right.logic] },
          type: left.type === right.type ? left.type : 'unknown',
        });
      }
      return;
    }
  }
  refuse(`it uses ${node.type === 'ReturnStatement' ? '"return" before its end' : describe(node.type)}`);
}

/**
 * Form.io evaluates only an object as JSON Logic (a bare `false` or `0.08` is ignored): a constant
 * result is wrapped in a rule that gives it.
 */
const asRule = (logic: unknown): unknown =>
  typeof logic === 'object' && logic !== null && !Array.isArray(logic) ? logic : { if: [true, logic] };

/** Converts one piece of custom JavaScript; the result says why when it cannot. */
export function javascriptToJsonLogic(
  code: string,
  result: ResultVariable,
  options: ConvertOptions = {},
): Conversion {
  if (code.includes('{{')) return { ok: false, reason: 'it uses {{ }} templates inside code' };
  try {
    const program = parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowReturnOutsideFunction: true,
      preserveParens: true,
    });
    const scope: Scope = { env: new Map(), result, options };
    scope.env.set(result, {
      logic: options.initial !== undefined ? options.initial : INITIAL[result],
      type: 'unknown',
    });
    const body = program.body as Statement[];
    const last = body.at(-1);
    if (last?.type === 'ReturnStatement') {
      statements(body.slice(0, -1), scope);
      if (!last.argument) return { ok: false, reason: 'it returns nothing' };
      return { ok: true, logic: asRule(expression(last.argument, scope).logic) };
    }
    statements(body, scope);
    return { ok: true, logic: asRule((scope.env.get(result) as Typed).logic) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (error instanceof SyntaxError)
      return { ok: false, reason: `it is not valid JavaScript (${error.message})` };
    throw error;
  }
}
