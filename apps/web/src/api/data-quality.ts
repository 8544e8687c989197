import {
  type DataQualityRuleBody,
  dataQualityContextSchema,
  dataQualityRuleSetSchema,
  type PeriodDataQualityQuery,
  periodDataQualitySchema,
} from '@dcf/domain/data-quality';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { formKeys } from './forms';
import type { SubmissionPageKey } from './submissions';

/** Data quality rules, their context at entry and the period summary (decision 0028). */
export const dataQualityKeys = {
  all: ['dataQuality'] as const,
  rules: (collectionId: number, formId: number) => ['dataQuality', 'rules', collectionId, formId] as const,
  entry: (key: SubmissionPageKey) =>
    ['dataQuality', 'entry', key.collectionId, key.reportingPeriodId, key.organisationId] as const,
  period: (periodId: number, query: PeriodDataQualityQuery) =>
    ['dataQuality', 'period', periodId, query] as const,
};

const rulesPath = (collectionId: number, formId: number) =>
  `/Collection/${collectionId}/Form/${formId}/DataQualityRule`;

export function useDataQualityRules(collectionId: number, formId: number | undefined) {
  return useQuery({
    queryKey: dataQualityKeys.rules(collectionId, formId ?? 0),
    queryFn: ({ signal }) =>
      api.get(rulesPath(collectionId, formId as number), { schema: dataQualityRuleSetSchema, signal }),
    enabled: formId !== undefined,
  });
}

/** Adds (no ruleId), changes or (body null) deletes a rule; a version with returns gets a new version. */
export function useSaveDataQualityRule(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      formId,
      ruleId,
      body,
    }: {
      formId: number;
      ruleId?: string;
      body: DataQualityRuleBody | null;
    }) => {
      const path = rulesPath(collectionId, formId);
      const schema = dataQualityRuleSetSchema;
      if (body === null) return api.delete(`${path}/${ruleId}`, { schema });
      return api.save(path, ruleId, body, { schema });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: dataQualityKeys.all }),
        client.invalidateQueries({ queryKey: formKeys.list(collectionId) }),
      ]),
  });
}

export function useDataQualityContext(key: SubmissionPageKey) {
  return useQuery({
    queryKey: dataQualityKeys.entry(key),
    queryFn: ({ signal }) =>
      api.get(
        `/Collection/${key.collectionId}/ReportingPeriod/${key.reportingPeriodId}/Organisation/${key.organisationId}/DataQuality`,
        { schema: dataQualityContextSchema, signal },
      ),
    // The findings saved with the latest revision change with every save: always asked again on opening.
    refetchOnMount: 'always',
  });
}

/** The period's data quality: counts, and one page of the returns with warnings (filtered, sorted by the API). */
export function usePeriodDataQuality(periodId: number, query: PeriodDataQualityQuery) {
  return useQuery({
    queryKey: dataQualityKeys.period(periodId, query),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/ReportingPeriod/${periodId}/DataQuality`, {
        schema: periodDataQualitySchema,
        query,
        signal,
      }),
    // The page being replaced stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
