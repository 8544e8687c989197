import { z } from 'zod';

/**
 * The paging fields of a list query, to spread into its schema: a page from 1 and a page size from 1 to
 * 100, `defaultPageSize` when the client names none. Query parameters arrive as text, hence coerce.
 */
export const pagingQueryShape = (defaultPageSize = 25) => ({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(defaultPageSize),
});
