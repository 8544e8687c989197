const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Content with empty values dropped (product decision: "content with empty values dropped"): empty or
 * blank strings, null, and arrays and objects left empty once their own empty values are gone. 0 and
 * false are answers and stay. Array items that become empty are dropped too (an empty data-grid row).
 */
export function cleanSubmissionContent(content: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean).filter((item) => !isEmptyValue(item));
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        const cleaned = clean(inner);
        if (!isEmptyValue(cleaned)) out[key] = cleaned;
      }
      return out;
    }
    return value;
  };
  return clean(content) as Record<string, unknown>;
}
