import { formDefinitionSchema } from '@dcf/domain';
import { z } from 'zod';

export const formParams = z.object({ id: z.coerce.number().int().positive() });
export const formVersionParams = formParams.extend({ formId: z.coerce.number().int().positive() });
export const formBodySchema = z.object({ definition: formDefinitionSchema });

export const formSchema = z.object({
  id: z.number().int(),
  collectionId: z.number().int(),
  version: z.number().int(),
  definition: z.record(z.string(), z.unknown()),
  excelTemplateFileName: z.string().nullable(),
  excelTemplateFileSize: z.number().nullable(),
  createdAt: z.string(),
  hasSubmissions: z.boolean(),
  /** True when a save could not change a version that has submissions and made a new one. */
  createdNewVersion: z.boolean().optional(),
});
