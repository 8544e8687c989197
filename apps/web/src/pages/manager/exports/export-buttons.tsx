import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { downloadExport, type ExportFormat, type ExportProgress } from '../../../api/exports';
import { browser } from '../../../app/browser';
import { Notification } from '../../../components';

export interface ExportButtonsProps {
  collectionId: number;
  /** A period's returns; without it, every period of the collection. */
  periodId?: number;
  /** Names what is exported in the buttons' accessible text, e.g. 'April 2026' or 'all periods'. */
  subject?: string;
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'Download CSV' },
  { format: 'xlsx', label: 'Download Excel (XLSX)' },
];

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Export buttons with progress: the returns of a period, or of the whole collection, as CSV
 * or XLSX. The server streams the file; while it arrives the component says how much has come and
 * how many rows to expect, in a live region, and offers Cancel.
 */
export function ExportButtons({ collectionId, periodId, subject }: ExportButtonsProps) {
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; message: string } | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(format: ExportFormat) {
    abort.current = new AbortController();
    setRunning(format);
    setNotice(null);
    setProgress({ bytes: 0, rows: null });
    try {
      const file = await downloadExport(
        { collectionId, periodId, format },
        setProgress,
        abort.current.signal,
      );
      browser.saveFile(file.blob, file.filename);
      setNotice({ variant: 'success', message: `Downloaded ${file.filename}` });
    } catch (error) {
      setNotice(
        abort.current.signal.aborted
          ? { variant: 'success', message: 'The download was cancelled' }
          : { variant: 'error', message: errorMessage(error) },
      );
    } finally {
      setRunning(null);
      setProgress(null);
    }
  }

  return (
    <div className="dcf-export">
      {notice ? (
        <Notification variant={notice.variant} message={notice.message} onClose={() => setNotice(null)} />
      ) : null}
      <div className="nhsuk-button-group">
        {FORMATS.map(({ format, label }) => (
          <button
            key={format}
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            disabled={running !== null}
            onClick={() => void start(format)}
          >
            {label}
            {subject ? <span className="nhsuk-u-visually-hidden"> of {subject}</span> : null}
          </button>
        ))}
        {running ? (
          <button type="button" className="dcf-link-button" onClick={() => abort.current?.abort()}>
            Cancel download
          </button>
        ) : null}
      </div>
      <p className="nhsuk-body" role="status" aria-live="polite">
        {running && progress
          ? `Preparing your ${running.toUpperCase()} file: ${sizeText(progress.bytes)} received${
              progress.rows === null ? '' : ` (${progress.rows.toLocaleString('en-GB')} rows)`
            }`
          : ''}
      </p>
    </div>
  );
}
