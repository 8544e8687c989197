import { messages } from '@dcf/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationProblem } from './errors';

/**
 * Input no route should ever see, refused at the boundary with a 400 before any handler, zod schema or
 * database does (decision 0017):
 * - control characters in any text (query, path, JSON strings and keys): PostgreSQL refuses NUL in text
 *   and jsonb, and no field of ours means to hold C0 controls other than tab, line feed and carriage
 *   return; lone UTF-16 surrogates are refused too (jsonb cannot store them);
 * - JSON nested deeper than MAX_JSON_DEPTH: recursive code further in (zod, the form walkers) would
 *   otherwise overflow the stack. The deepest real Form.io definition we know nests about 30 levels.
 */
export const MAX_JSON_DEPTH = 200;

const FORBIDDEN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasForbiddenText = (text: string) => FORBIDDEN_TEXT.test(text);

/**
 * Whether parsed JSON text could hold forbidden text. JSON.parse refuses raw control characters other
 * than whitespace, and a UTF-8 body decodes to no lone surrogate, so one can only come from an escape
 * (\u..., \b, \f) or a raw DEL or surrogate: text with none of these needs no walk through its values
 * (the walk cost as much as parsing a 100-answer save). A false alarm (an escaped backslash before a b,
 * an emoji) only means the walk.
 */
const MAYBE_FORBIDDEN_JSON = /\\[ubf]|[\u007F\uD800-\uDFFF]/;

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (no recursion). */
export function jsonDepthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return deepest;
}

/** The dotted path of the first string or key holding forbidden text, or null. Iterative: any depth. */
export function findForbiddenText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (hasForbiddenText(node)) return path || 'request';
    } else if (Array.isArray(node)) {
      for (const [index, item] of node.entries())
        stack.push([item, path ? `${path}.${index}` : String(index)]);
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasForbiddenText(key)) return path || 'request';
        stack.push([item, itemPath]);
      }
    }
  }
  return null;
}

const controlCharactersIn = (field: string) => validationProblem({ [field]: [messages.controlCharacters] });

/** The URL's path and query as the routes will read them; refused when undecodable or hostile. */
function checkUrl(request: FastifyRequest): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(request.url.replaceAll('+', ' '));
  } catch {
    throw validationProblem({}, messages.somethingWentWrongDot);
  }
  if (!hasForbiddenText(decoded)) return;
  const field = findForbiddenText(request.query) ?? findForbiddenText(request.params) ?? 'request';
  throw controlCharactersIn(field);
}

/** Installs the checks on the root instance, before any route module registers. */
export function installHostileInputChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => checkUrl(request));

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthOf(text) > MAX_JSON_DEPTH)
      return done(validationProblem({}, messages.nestedTooDeeply), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const field = MAYBE_FORBIDDEN_JSON.test(text) ? findForbiddenText(value) : null;
      if (field) return done(controlCharactersIn(field), undefined);
      done(null, value);
    });
  });
}
