import {
  type ImportReport,
  importReportSchema,
  type OdsSyncRun,
  type Organisation,
  type OrganisationInput,
  type OrganisationListQuery,
  odsSyncRunSchema,
  organisationPageSchema,
  organisationSchema,
  organisationTypeSchema,
  regionSchema,
  stpSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

/** Query keys of organisations and their lookups; invalidate `organisationKeys.all` after a write. */
export const organisationKeys = {
  all: ['organisations'] as const,
  list: (query: OrganisationListQuery) => ['organisations', 'list', query] as const,
  one: (id: number) => ['organisations', 'one', id] as const,
  syncRuns: ['organisations', 'syncRuns'] as const,
  regions: ['lookups', 'regions'] as const,
  types: ['lookups', 'organisationTypes'] as const,
  stps: ['lookups', 'stps'] as const,
};

/** GET /Organisation: one page, searched, filtered and sorted by the server. */
export function getOrganisations(query: OrganisationListQuery, signal?: AbortSignal) {
  return api.get('/Organisation', { query: { ...query }, schema: organisationPageSchema, signal });
}

export function useOrganisations(query: OrganisationListQuery) {
  return useQuery({
    queryKey: organisationKeys.list(query),
    queryFn: ({ signal }) => getOrganisations(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The search widget's search function (kinds organisations and manageOrganisations). */
/** One page of 100 organisations matching a name or ODS code, with how many match in all. */
export async function searchOrganisations(term: string, options: { openOnly?: boolean; page?: number } = {}) {
  const pageSize = 100;
  const found = await getOrganisations({
    query: term,
    page: options.page ?? 1,
    pageSize,
    ...(options.openOnly ? { isOpen: 'true' as const } : {}),
  });
  return { items: found.items, total: found.total, pageSize };
}

export function useOrganisation(id: number | undefined) {
  return useQuery({
    queryKey: organisationKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/Organisation/${id}`, { schema: organisationSchema, signal }),
    enabled: id !== undefined,
  });
}

export function useSaveOrganisation(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationInput): Promise<Organisation> =>
      api.save('/Organisation', id, input, { schema: organisationSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: organisationKeys.all }),
  });
}

export function useRegions() {
  return useQuery({
    queryKey: organisationKeys.regions,
    queryFn: ({ signal }) => api.get('/Region', { schema: z.array(regionSchema), signal }),
    staleTime: 60 * 60_000,
  });
}

export function useOrganisationTypes() {
  return useQuery({
    queryKey: organisationKeys.types,
    queryFn: ({ signal }) =>
      api.get('/OrganisationType', { schema: z.array(organisationTypeSchema), signal }),
    staleTime: 60 * 60_000,
  });
}

export function useStps() {
  return useQuery({
    queryKey: organisationKeys.stps,
    queryFn: ({ signal }) => api.get('/Stp', { schema: z.array(stpSchema), signal }),
    staleTime: 60 * 60_000,
  });
}

/** GET /Organisation/Admin/SyncRuns, polled while a run is in progress. */
export function useSyncRuns(enabled = true) {
  return useQuery({
    queryKey: organisationKeys.syncRuns,
    queryFn: ({ signal }) =>
      api.get('/Organisation/Admin/SyncRuns', { schema: z.array(odsSyncRunSchema), signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.[0]?.status === 'running' ? 2000 : false),
  });
}

export function useTriggerSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<OdsSyncRun> =>
      api.post('/Organisation/Admin/TriggerSyncOrganisations', {}, { schema: odsSyncRunSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: organisationKeys.syncRuns }),
  });
}

export function useImportOrganisations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      content: string;
      dryRun: boolean;
      organisationTypeId?: number | null;
    }): Promise<ImportReport> => api.post('/Organisation/Admin/Import', body, { schema: importReportSchema }),
    onSuccess: (report) => {
      if (!report.dryRun) void client.invalidateQueries({ queryKey: organisationKeys.all });
    },
  });
}
