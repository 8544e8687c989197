import { type Expression, parse } from 'acorn';
import type { SchemaReader } from '../inspect-definition';
import { defineOwn } from '../logic/values';

/**
 * A 'mergeComponentSchema' logic action's JavaScript, read as data when all it does is assign an object
 * of plain values: `schema = { label: 'Beds (adult)', hidden: true };` becomes `{ label: 'Beds (adult)',
 * hidden: true }`. Parsed (acorn), never run; anything else (a computed value, a call, a spread) is not
 * read, and the upload is refused. Which keys may be merged is settable-properties.ts's to say.
 */
export const readLiteralSchema: SchemaReader = (code) => {
  let program: ReturnType<typeof parse>;
  try {
    program = parse(code, { ecmaVersion: 2022 });
  } catch {
    return { ok: false, reason: 'it is not valid JavaScript' };
  }
  const statements = program.body.filter((s) => s.type !== 'EmptyStatement');
  const [statement] = statements;
  if (statements.length !== 1 || statement?.type !== 'ExpressionStatement')
    return { ok: false, reason: 'it does more than assign the schema' };
  const assignment = statement.expression;
  if (
    assignment.type !== 'AssignmentExpression' ||
    assignment.operator !== '=' ||
    assignment.left.type !== 'Identifier' ||
    assignment.left.name !== 'schema'
  )
    return { ok: false, reason: 'it does more than assign the schema' };
  return objectOf(assignment.right);
};

function objectOf(node: Expression): ReturnType<SchemaReader> {
  if (node.type !== 'ObjectExpression') return { ok: false, reason: 'the schema is not an object' };
  const schema: Record<string, unknown> = {};
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method)
      return { ok: false, reason: 'the schema has a computed, spread or method property' };
    const key =
      property.key.type === 'Identifier'
        ? property.key.name
        : property.key.type === 'Literal' && typeof property.key.value === 'string'
          ? property.key.value
          : null;
    if (key === null) return { ok: false, reason: 'the schema has a property that is not named plainly' };
    const value = property.value;
    if (
      value.type !== 'Literal' ||
      'regex' in value ||
      !['string', 'boolean', 'number'].includes(typeof value.value)
    )
      return { ok: false, reason: `"${key}" is not a plain text, number or true/false` };
    defineOwn(schema, key, value.value);
  }
  return { ok: true, schema };
}
