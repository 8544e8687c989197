/**
 * Answers are addressed by the engine's data paths (`staff[0].grade`, `details.ward`): the same paths the
 * engine reports errors and hidden components under, and the server's field errors use.
 */
type Part = string | number;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parsePath(path: string): Part[] {
  const parts: Part[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g))
    parts.push(match[2] !== undefined ? Number(match[2]) : (match[1] as string));
  return parts;
}

export const joinPath = (prefix: string, key: string) =>
  prefix === '' ? key : key === '' ? prefix : `${prefix}.${key}`;

export function getPath(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const part of parsePath(path)) {
    if (typeof part === 'number') node = Array.isArray(node) ? node[part] : undefined;
    else node = isObject(node) ? node[part] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** A copy of `data` with the answer at `path` set (`undefined` removes it), creating rows and objects on the way. */
export function setPath<T extends Record<string, unknown>>(data: T, path: string, value: unknown): T {
  const parts = parsePath(path);
  const set = (node: unknown, index: number): unknown => {
    const part = parts[index] as Part;
    const copy: Record<string | number, unknown> | unknown[] =
      typeof part === 'number' ? (Array.isArray(node) ? [...node] : []) : isObject(node) ? { ...node } : {};
    const target = copy as Record<string | number, unknown>;
    if (index === parts.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete target[part];
      else target[part] = value;
    } else {
      target[part] = set(target[part], index + 1);
      // A row created on the way holds an object, never a hole.
      if (Array.isArray(copy)) for (let i = 0; i < copy.length; i += 1) copy[i] ??= {};
    }
    return copy;
  };
  return set(data, 0) as T;
}

/** The element id of a question's (first) input: the error summary links to it. */
export const fieldId = (path: string) => `dcf-field-${path}`;

/** Form.io's input name (`data[staff][0][grade]`), kept so forms and tests can address an input by its answer. */
export const inputName = (path: string) => `data[${parsePath(path).join('][')}]`;
