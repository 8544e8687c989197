import {
  importReportSchema,
  odsSyncRunSchema,
  organisationInputSchema,
  organisationListQuerySchema,
  organisationPageSchema,
  organisationSchema,
} from '@dcf/domain';
import { z } from 'zod';

export {
  importReportSchema,
  odsSyncRunSchema,
  organisationInputSchema,
  organisationListQuerySchema,
  organisationPageSchema,
  organisationSchema,
};

export type OrganisationListParams = z.output<typeof organisationListQuerySchema>;

/** Route parameter `id`: anything but a positive integer finds nothing (404, not 400). */
export const idParams = z.object({ id: z.string() });

/** POST /Organisation/Admin/Import: the CSV as text, or base64 (`encoding: 'base64'`). */
export const importBodySchema = z.object({
  content: z.string().min(1),
  encoding: z.enum(['text', 'base64']).default('text'),
  dryRun: z.boolean().default(false),
});
