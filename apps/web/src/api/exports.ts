import { api, apiUrl } from './client';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportProgress {
  bytes: number;
  /** Rows in the whole export (the X-Export-Rows header), once the answer has started. */
  rows: number | null;
}

export interface DownloadedExport {
  blob: Blob;
  filename: string;
}

/** The file name from Content-Disposition (RFC 6266 `filename*` first), or a fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** A period's export as a plain link's address: the browser downloads it with the session cookie. */
export const periodExportUrl = (collectionId: number, periodId: number, format: ExportFormat) =>
  apiUrl(`/Collection/${collectionId}/ReportingPeriod/${periodId}/Export`, { format });

/**
 * GET /Collection/{id}/Export or /Collection/{id}/ReportingPeriod/{periodId}/Export: the returns as a
 * file, reporting progress while the server streams it.
 */
export async function downloadExport(
  target: { collectionId: number; periodId?: number; format: ExportFormat },
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<DownloadedExport> {
  const path =
    target.periodId === undefined
      ? `/Collection/${target.collectionId}/Export`
      : `/Collection/${target.collectionId}/ReportingPeriod/${target.periodId}/Export`;
  let filename = `export.${target.format}`;
  const blob = await api.get<Blob>(path, {
    query: { format: target.format },
    responseType: 'blob',
    signal,
    onDownloadProgress: (bytes, response) => {
      filename = filenameFrom(response.headers.get('content-disposition'), filename);
      const rows = Number(response.headers.get('x-export-rows'));
      onProgress({
        bytes,
        rows: Number.isFinite(rows) && response.headers.has('x-export-rows') ? rows : null,
      });
    },
  });
  return { blob, filename };
}
