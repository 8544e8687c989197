import { useCollection } from '../../api/collections';
import { useExcelTemplate } from '../../api/excel-template';
import { useFeatureFlags } from '../../api/feature-flags';

/**
 * Whether the collection offers its Excel template to submitters now: the EXCELTEMPLATE flag, the
 * collection's own switch and an uploaded template (the API answers 409 otherwise). Both the download of
 * a populated copy and the prefill upload ask this, so neither is offered to fail.
 */
export function useExcelTemplateOffered(collectionId: number): { offered: boolean; blobPath: string | null } {
  const flags = useFeatureFlags();
  const collection = useCollection(collectionId);
  const template = useExcelTemplate(collectionId);
  const blobPath = template.data?.blobNameWithPath ?? null;
  return {
    offered: Boolean(flags.data?.EXCELTEMPLATE && collection.data?.isExcelTemplateEnabled && blobPath),
    blobPath,
  };
}
