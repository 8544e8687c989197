import { type WorklistKind, worklistCountsSchema, worklistSchema } from '@dcf/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { viewKeys } from './views';

/** The API path segment of each worklist. */
export const worklistSegment: Record<WorklistKind, string> = {
  signOff: 'SignOff',
  nhsiAuthorisation: 'NhsiAuthorisation',
  returned: 'Returned',
};

// Under viewKeys.all, so a save, submit or authorisation refreshes them with the other views.
const worklistKeys = {
  counts: [...viewKeys.all, 'worklistCounts'] as const,
  list: (kind: WorklistKind) => [...viewKeys.all, 'worklist', kind] as const,
};

/**
 * What waits on a person changes by other people's hands (sent for sign-off, sent back: decision 0036),
 * so the worklists are read again whenever the person comes back to the window, not after 30 s.
 */
const byOthers = { staleTime: 0, refetchOnWindowFocus: 'always' } as const;

/** GET /View/Worklist/Counts */
export function useWorklistCounts() {
  return useQuery({
    ...byOthers,
    queryKey: worklistKeys.counts,
    queryFn: ({ signal }) => api.get('/View/Worklist/Counts', { schema: worklistCountsSchema, signal }),
  });
}

/** GET /View/Worklist/{kind} */
export function useWorklist(kind: WorklistKind) {
  return useQuery({
    ...byOthers,
    queryKey: worklistKeys.list(kind),
    queryFn: ({ signal }) =>
      api.get(`/View/Worklist/${worklistSegment[kind]}`, { schema: worklistSchema, signal }),
  });
}
