import { z } from 'zod';
import { errorCodeList } from './error-codes';

/**
 * RFC 9457 problem details, the one error body of the API. Every problem carries a stable `code`
 * (error-codes.ts) and its `type` URI; 400s carry `errors: {field: [message]}` and optional
 * `additionalDetails`; other statuses carry a readable `title`.
 */
export const problemSchema = z.object({
  type: z.string(),
  code: z.enum(errorCodeList),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  additionalDetails: z.union([z.string(), z.array(z.string())]).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export { type ErrorCode, errorCodeList, errorCodes, isErrorCode, problemType } from './error-codes';
// The failure message and the problem reader are zod-free, in their own module, for the web client's first page.
export { messageForFailure, type ProblemFields, problemOf } from './problem-message';
