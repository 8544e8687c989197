import { z } from 'zod';

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

// The failure message is zod-free, in its own module, for the web client's first page.
export { messageForFailure } from './problem-message';
