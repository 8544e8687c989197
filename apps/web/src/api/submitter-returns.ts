import { type SubmitterReturnQuery, submitterReturnListSchema } from '@dcf/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Under the views' key, so a save (which invalidates every view) refreshes it too. */
export const submitterReturnsKey = (query: SubmitterReturnQuery) =>
  ['views', 'submitterReturns', query] as const;

/** GET /View/Submitter/Returns: one page of the user's returns across their organisations (decision 0025). */
export function useSubmitterReturns(query: SubmitterReturnQuery) {
  return useQuery({
    queryKey: submitterReturnsKey(query),
    queryFn: ({ signal }) =>
      api.get('/View/Submitter/Returns', { query: { ...query }, schema: submitterReturnListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
