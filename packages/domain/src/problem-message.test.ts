import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { problemSchema } from './problem';
import { messageForFailure } from './problem-message';

/** What messageForFailure gave when it parsed 400 bodies with zod (before it became zod-free). */
function withZod(body: unknown): string {
  const parsed = problemSchema.partial().safeParse(body);
  const parts: string[] = [];
  if (parsed.success) {
    for (const list of Object.values(parsed.data.errors ?? {})) parts.push(...list);
    const extra = parsed.data.additionalDetails;
    if (extra) parts.push(...(Array.isArray(extra) ? extra : [extra]));
  }
  return parts.length > 0 ? parts.join(', ') : messages.somethingWentWrongDot;
}

describe('messageForFailure without zod', () => {
  const bodies: unknown[] = [
    {
      errors: { name: ['Name is required'], code: ['Too long', 'Not unique'] },
      additionalDetails: 'See row 3',
    },
    { errors: { name: ['A'] }, additionalDetails: ['B', 'C'] },
    { title: 'Bad Request', status: 400 },
    { errors: { name: 'not a list' } },
    { errors: ['a list'] },
    { errors: { name: ['A'] }, status: 400.5 },
    { errors: { name: ['A'] }, title: 7 },
    { additionalDetails: [1] },
    { additionalDetails: '' },
    [],
    'Bad request',
    null,
    undefined,
  ];
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'reads a 400 body as problemSchema.partial() did: %s',
    (_label, body) => {
      expect(messageForFailure(400, body)).toBe(withZod(body));
    },
  );

  it('gives the fixed texts for the other statuses', () => {
    expect(messageForFailure(401, undefined)).toBe(messages.notAuthorised);
    expect(messageForFailure(403, undefined)).toBe(messages.forbidden);
    expect(messageForFailure(404, undefined)).toBe(messages.notFound);
    expect(messageForFailure(500, undefined)).toBe(messages.somethingWentWrong);
  });
});
