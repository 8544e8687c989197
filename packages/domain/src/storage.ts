import { z } from 'zod';
import { recordId } from './ids';
import { interpolate, messages } from './messages';

/**
 * Files: where they live in blob storage and what may be uploaded (product decisions, Files).
 * A blob path is `{collectionId}/FORMTEMPLATE/...` (a collection's Excel template) or
 * `{collectionId}/{organisationId}/MEDIA/...` (files attached to one organisation's returns).
 */
export const formTemplateFolder = (collectionId: number) => `${collectionId}/FORMTEMPLATE/`;
export const mediaFolder = (collectionId: number, organisationId: number) =>
  `${collectionId}/${organisationId}/MEDIA/`;

/** The only template type: exceljs reads defined names from .xlsx. */
export const formTemplateExtensions = ['.xlsx'] as const;
/**
 * Attachments: documents, spreadsheets and images. Nothing a browser would run (html, svg, js), as the
 * embedded store serves files from the application's own origin.
 */
export const mediaExtensions = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.csv',
  '.txt',
  '.odt',
  '.ods',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
] as const;

const segment = /^[\w][\w .()-]{0,199}$/;

/** True when `blobPath` is a clean relative path (no '..', no empty segment, safe characters) under `folder`. */
export function isBlobPathUnder(blobPath: string, folder: string): boolean {
  if (!blobPath.startsWith(folder) || blobPath.length > 1024) return false;
  const rest = blobPath.slice(folder.length).split('/');
  return rest.length > 0 && rest.every((s) => segment.test(s) && !s.endsWith('.') && !s.endsWith(' '));
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') && dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** A file name made safe for a blob path segment: other characters become '_'. */
export function safeBlobName(name: string): string {
  const cleaned = name
    .replace(/[^\w .()-]/g, '_')
    .replace(/^[^\w]+/, '')
    .replace(/[. ]+$/, '');
  return (cleaned || 'file').slice(0, 200);
}

/** Sizes as people read them: '512 KB', '25 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export const bytesPerMb = 1024 * 1024;

export const fileWrongTypeMessage = (extensions: readonly string[]) =>
  interpolate(messages.fileWrongType, { pattern: extensions.join(', ') });
export const fileTooBigMessage = (maxMb: number) =>
  interpolate(messages.fileTooBig, { size: formatFileSize(maxMb * bytesPerMb) });
/** An empty file is refused: nothing to keep. */
export const fileTooSmallMessage = () => interpolate(messages.fileTooSmall, { size: formatFileSize(1) });

/** One file of a token request (specification, section 7). */
export const storageFileSchema = z.object({
  blobNameWithPath: z.string().min(1).max(1024),
  /** Needed for uploads (size limit); ignored for downloads. */
  fileSizeInMb: z.number().min(0).optional(),
  isFormTemplate: z.boolean().optional(),
});
export type StorageFile = z.infer<typeof storageFileSchema>;
export const storageTokensBodySchema = z.array(storageFileSchema).min(1).max(20);

/** A short-lived URL for one blob: PUT it (upload, answers 201) or GET it (download). */
export const storageTokenSchema = z.object({
  blobNameWithPath: z.string(),
  url: z.string(),
  expiresOn: z.string(),
  storage: z.enum(['local', 'azure']),
});
export type StorageToken = z.infer<typeof storageTokenSchema>;

/** The collection's Excel template as the excelTemplate tab shows it. */
export const excelTemplateSchema = z.object({
  formId: z.number().int().nullable(),
  excelTemplateFileName: z.string().nullable(),
  excelTemplateFileSize: z.number().int().nullable(),
  blobNameWithPath: z.string().nullable(),
  /** Form keys (of the newest form version) that a defined name of the template covers, in form order. */
  coveredKeys: z.array(z.string()),
  /** Form keys no defined name covers: Populate leaves them out. */
  missedKeys: z.array(z.string()),
  /** Defined names that match no form key: ignored. */
  unknownNames: z.array(z.string()),
});
export type ExcelTemplateDto = z.infer<typeof excelTemplateSchema>;

/** PATCH /Collection/{id}/Form/ExcelTemplate: the size is measured from the stored file. */
export const excelTemplateBodySchema = z.object({
  excelTemplateFileName: z.string().min(1).max(200).nullable(),
  /** Where the file was uploaded (under the collection's FORMTEMPLATE folder); null removes the template. */
  blobNameWithPath: z.string().min(1).max(1024).nullable(),
});
export type ExcelTemplateBody = z.infer<typeof excelTemplateBodySchema>;

export const populateBodySchema = z.object({
  submissionId: recordId,
  revisionId: recordId.optional(),
});

/** What a filled template gave: values to merge into the form (not saved) and a cell-by-cell report. */
export const prefillResultSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  taken: z.array(z.object({ cell: z.string(), key: z.string(), value: z.unknown() })),
  refused: z.array(z.object({ cell: z.string(), key: z.string().optional(), reason: z.string() })),
});
export type PrefillResult = z.infer<typeof prefillResultSchema>;

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
