import { cleanSubmissionContent } from '@dcf/domain';
import type { FormData } from '../../formio/form-renderer';

/** JSON with keys sorted at every level, so equal answers compare equal whatever their order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether two contents hold the same answers (empty values ignored, as the server drops them). */
export function sameContent(a: FormData, b: FormData): boolean {
  return stableJson(cleanSubmissionContent(a)) === stableJson(cleanSubmissionContent(b));
}

/** Whether two lists of ticked pages are the same, whatever their order. */
export const samePages = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');
