import { type organisationListQuerySchema, recordId } from '@dcf/domain';
import { z } from 'zod';

export type OrganisationListParams = z.output<typeof organisationListQuerySchema>;

/** Route parameter `id`: anything but a positive integer finds nothing (404, not 400). */
export const idParams = z.object({ id: z.string() });

/**
 * POST /Organisation/Admin/Import: the register file as text, or base64 (`encoding: 'base64'`: any
 * bytes, decoded as UTF-8 or else Windows-1252), and the type for organisations the file gives none.
 */
export const importBodySchema = z.object({
  content: z.string().min(1),
  encoding: z.enum(['text', 'base64']).default('text'),
  dryRun: z.boolean().default(false),
  organisationTypeId: recordId.nullable().optional(),
});

/** The largest register file the import takes: ODS epraccur is about 3 MB for 15,000 rows. */
export const MAX_IMPORT_MB = 12;
