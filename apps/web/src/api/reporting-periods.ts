import {
  type BulkPeriodsResultDto,
  bulkPeriodsResultSchema,
  type PeriodDiffDto,
  periodDiffSchema,
  type ReportingPeriodBody,
  type ReportingPeriodDto,
  reportingPeriodSchema,
  type ScheduleBody,
} from '@dcf/domain';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { viewKeys } from './views';

/**
 * Query keys of reporting periods; a write invalidates `reportingPeriodKeys.all` and the views that show
 * periods (`viewKeys.all`: the collection's periods page, the manager's homes), or those would show the
 * list as it was for up to the client's 30 s stale time.
 */
export const reportingPeriodKeys = {
  all: ['reportingPeriods'] as const,
  list: (collectionId: number) => ['reportingPeriods', 'list', collectionId] as const,
  one: (collectionId: number, periodId: number) =>
    ['reportingPeriods', 'one', collectionId, periodId] as const,
};

/** GET /Collection/{id}/ReportingPeriod: the collection's periods, sorted by start. */
export function getReportingPeriods(collectionId: number, signal?: AbortSignal) {
  return api.get(`/Collection/${collectionId}/ReportingPeriod`, {
    schema: z.array(reportingPeriodSchema),
    signal,
  });
}

export function useReportingPeriods(collectionId: number | undefined) {
  return useQuery({
    queryKey: reportingPeriodKeys.list(collectionId ?? 0),
    queryFn: ({ signal }) => getReportingPeriods(collectionId ?? 0, signal),
    enabled: collectionId !== undefined,
  });
}

/** GET /Collection/{id}/ReportingPeriod/{periodId}. */
export function useReportingPeriod(collectionId: number, periodId: number | undefined) {
  return useQuery({
    queryKey: reportingPeriodKeys.one(collectionId, periodId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/ReportingPeriod/${periodId}`, {
        schema: reportingPeriodSchema,
        signal,
      }),
    enabled: periodId !== undefined,
  });
}

/** POST /Collection/{id}/ReportingPeriod (no periodId) or PUT .../ReportingPeriod/{periodId}. */
export function useSaveReportingPeriod(collectionId: number, periodId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportingPeriodBody): Promise<ReportingPeriodDto> =>
      api.save(`/Collection/${collectionId}/ReportingPeriod`, periodId, body, {
        schema: reportingPeriodSchema,
      }),
    onSuccess: () => invalidatePeriods(client),
  });
}

function invalidatePeriods(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: reportingPeriodKeys.all }),
    client.invalidateQueries({ queryKey: viewKeys.all }),
  ]);
}

/** DELETE /Collection/{id}/ReportingPeriod/{periodId} (409 when the period has submissions). */
export function useDeleteReportingPeriod(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (periodId: number) => api.delete(`/Collection/${collectionId}/ReportingPeriod/${periodId}`),
    // Only the list: refetching the deleted period itself would answer 404 on the page being left.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: reportingPeriodKeys.list(collectionId) }),
        client.invalidateQueries({ queryKey: viewKeys.all }),
      ]),
  });
}

/**
 * POST /Collection/{id}/ReportingPeriod/Diff: what applying a schedule would do (added, changed,
 * removed, unchanged, conflicts). The preview is computed by the server so the browser never loads the
 * schedule engine's bank-holiday data.
 */
export function useReportingPeriodDiff(collectionId: number) {
  return useMutation({
    mutationFn: (schedule: ScheduleBody): Promise<PeriodDiffDto> =>
      api.post(`/Collection/${collectionId}/ReportingPeriod/Diff`, schedule, { schema: periodDiffSchema }),
  });
}

/** PUT /Collection/{id}/ReportingPeriod/Bulk: replaces the periods with the schedule's (keeps any with submissions). */
export function useApplySchedule(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ScheduleBody): Promise<BulkPeriodsResultDto> =>
      api.put(`/Collection/${collectionId}/ReportingPeriod/Bulk`, schedule, {
        schema: bulkPeriodsResultSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(reportingPeriodKeys.list(collectionId), result.periods);
      void invalidatePeriods(client);
    },
  });
}
