import { z } from 'zod';
import { messages } from './messages';

/**
 * RFC 9457 problem details, the one error body of the API. 400s carry `errors: {field: [message]}`
 * and optional `additionalDetails`; other statuses carry a readable `title`.
 */
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  additionalDetails: z.union([z.string(), z.array(z.string())]).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/**
 * The message a person sees for a failed call (specification, section 8): for 400 every message of
 * `errors` plus `additionalDetails`, joined with ', '; fixed texts for the other statuses.
 */
export function messageForFailure(status: number, body: unknown): string {
  switch (status) {
    case 400: {
      const parsed = problemSchema.partial().safeParse(body);
      const parts: string[] = [];
      if (parsed.success) {
        for (const list of Object.values(parsed.data.errors ?? {})) parts.push(...list);
        const extra = parsed.data.additionalDetails;
        if (extra) parts.push(...(Array.isArray(extra) ? extra : [extra]));
      }
      return parts.length > 0 ? parts.join(', ') : messages.somethingWentWrongDot;
    }
    case 401:
      return messages.notAuthorised;
    case 403:
      return messages.forbidden;
    case 404:
      return messages.notFound;
    default:
      return messages.somethingWentWrong;
  }
}
