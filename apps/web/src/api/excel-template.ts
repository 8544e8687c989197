import {
  type ExcelTemplateBody,
  type ExcelTemplateDto,
  excelTemplateSchema,
  type PrefillResult,
  prefillResultSchema,
} from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { collectionKeys } from './collections';
import { formKeys } from './forms';

/** Query keys of Excel templates; one per collection. */
export const excelTemplateKeys = {
  all: ['excelTemplates'] as const,
  one: (collectionId: number) => ['excelTemplates', collectionId] as const,
};

/** GET /Collection/{id}/Form/ExcelTemplate: the template with the form keys it covers and misses. */
export function useExcelTemplate(collectionId: number) {
  return useQuery({
    queryKey: excelTemplateKeys.one(collectionId),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/Form/ExcelTemplate`, { schema: excelTemplateSchema, signal }),
  });
}

/** PATCH /Collection/{id}/Form/ExcelTemplate: records an uploaded template (or removes it with nulls). */
export function useRecordExcelTemplate(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExcelTemplateBody): Promise<ExcelTemplateDto> =>
      api.patch(`/Collection/${collectionId}/Form/ExcelTemplate`, body, { schema: excelTemplateSchema }),
    onSuccess: (template) => {
      client.setQueryData(excelTemplateKeys.one(collectionId), template);
      void client.invalidateQueries({ queryKey: formKeys.all });
    },
  });
}

/** PATCH /Collection/{id}/IsExcelTemplateEnabled: lets submitters use the template (EXCELTEMPLATE flag). */
export function useSetExcelTemplateEnabled(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (isExcelTemplateEnabled: boolean) =>
      api.patch(`/Collection/${collectionId}/IsExcelTemplateEnabled`, { isExcelTemplateEnabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/**
 * POST /Submission/Prefill/...: the answers a filled template gives, with a cell-by-cell report of what
 * was taken and refused. Nothing is saved: the form merges the values and the person saves as usual.
 */
export function prefillFromExcel(
  key: { collectionId: number; reportingPeriodId: number; organisationId: number },
  file: File,
): Promise<PrefillResult> {
  return api.post(
    `/Submission/Prefill/Collection/${key.collectionId}/ReportingPeriod/${key.reportingPeriodId}/Organisation/${key.organisationId}`,
    file,
    { schema: prefillResultSchema },
  );
}
