import {
  type AdminSubmissionsQuery,
  adminSubmissionsSchema,
  type CollectionPeriodQuery,
  collectionPeriodListSchema,
  managerCollectionHomeSchema,
  managerHomeSchema,
  nonSubmitterListSchema,
  organisationHistorySchema,
  type PeriodSubmissionQuery,
  periodSubmissionListSchema,
  submitterHomesSchema,
} from '@dcf/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from './client';

/** Query keys of the read-only views; submissions invalidate `viewKeys.all` after a save. */
export const viewKeys = {
  all: ['views'] as const,
  submitterHomes: ['views', 'submitterHomes'] as const,
  managerHome: ['views', 'managerHome'] as const,
  managerCollection: (collectionId: number) => ['views', 'managerCollection', collectionId] as const,
  collectionPeriods: (collectionId: number, query: CollectionPeriodQuery) =>
    ['views', 'collectionPeriods', collectionId, query] as const,
  periodSubmissions: (periodId: number, query: PeriodSubmissionQuery) =>
    ['views', 'periodSubmissions', periodId, query] as const,
  nonSubmitters: (periodId: number) => ['views', 'nonSubmitters', periodId] as const,
  adminSubmissions: (query: AdminSubmissionsQuery) => ['views', 'adminSubmissions', query] as const,
  organisationHistory: (collectionId: number, organisationId: number) =>
    ['views', 'organisationHistory', collectionId, organisationId] as const,
};

/** GET /View/Submitter/Homes: every home of the user's own roles, with periods and guidance, in one answer. */
export function useSubmitterHomes() {
  return useQuery({
    queryKey: viewKeys.submitterHomes,
    queryFn: ({ signal }) => api.get('/View/Submitter/Homes', { schema: submitterHomesSchema, signal }),
  });
}

/** GET /View/Manager/Home */
export function useManagerHome() {
  return useQuery({
    queryKey: viewKeys.managerHome,
    queryFn: ({ signal }) => api.get('/View/Manager/Home', { schema: managerHomeSchema, signal }),
  });
}

/** GET /View/Manager/Home/Collection/{id}: the collection with its completeness trend. */
export function useManagerCollection(collectionId: number | undefined) {
  return useQuery({
    queryKey: viewKeys.managerCollection(collectionId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/Home/Collection/${collectionId}`, {
        schema: managerCollectionHomeSchema,
        signal,
      }),
    enabled: collectionId !== undefined,
  });
}

/** GET /View/Manager/Collection/{id}/ReportingPeriods: every period with its state and counts, paged. */
export function useCollectionPeriods(collectionId: number, query: CollectionPeriodQuery, enabled = true) {
  return useQuery({
    queryKey: viewKeys.collectionPeriods(collectionId, query),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/Collection/${collectionId}/ReportingPeriods`, {
        query: { ...query },
        schema: collectionPeriodListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /View/Manager/ReportingPeriod/{id}/Submission: one page, filtered and sorted by the server. */
export function usePeriodSubmissions(periodId: number, query: PeriodSubmissionQuery) {
  return useQuery({
    queryKey: viewKeys.periodSubmissions(periodId, query),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/ReportingPeriod/${periodId}/Submission`, {
        query: { ...query },
        schema: periodSubmissionListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The non-submitters CSV: a plain link, so the browser downloads it with the session cookie. */
export const nonSubmittersCsvUrl = (periodId: number) =>
  apiUrl(`/View/Manager/ReportingPeriod/${periodId}/NonSubmitters`, { format: 'csv' });

/** GET /View/Manager/ReportingPeriod/{id}/NonSubmitters: organisations not completed, with their contacts. */
export function useNonSubmitters(periodId: number, enabled: boolean) {
  return useQuery({
    queryKey: viewKeys.nonSubmitters(periodId),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/ReportingPeriod/${periodId}/NonSubmitters`, {
        schema: nonSubmitterListSchema,
        signal,
      }),
    enabled,
  });
}

/** GET /View/Admin/Submissions */
export function useAdminSubmissions(query: AdminSubmissionsQuery) {
  return useQuery({
    queryKey: viewKeys.adminSubmissions(query),
    queryFn: ({ signal }) =>
      api.get('/View/Admin/Submissions', { query: { ...query }, schema: adminSubmissionsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /View/Manager/Collection/{id}/Organisation/{orgId}/History: on time, late, missed per period. */
export function useOrganisationHistory(collectionId: number, organisationId: number, enabled: boolean) {
  return useQuery({
    queryKey: viewKeys.organisationHistory(collectionId, organisationId),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/Collection/${collectionId}/Organisation/${organisationId}/History`, {
        schema: organisationHistorySchema,
        signal,
      }),
    enabled,
  });
}
