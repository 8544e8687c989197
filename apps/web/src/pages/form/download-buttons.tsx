import { messages } from '@dcf/domain';
import { useState } from 'react';
import { problemText } from '../../api/problems';
import { downloadPopulatedExcel, downloadSubmissionPdf } from '../../api/submissions';
import { browser } from '../../app/browser';
import { useExcelTemplateOffered } from './excel-offered';

export interface DownloadButtonsProps {
  collectionId: number;
  submissionId: number;
  formId: number | null;
  /** Used in the file names. */
  baseName: string;
  onError: (message: string) => void;
}

type Download = 'pdf' | 'excel';

/**
 * 'Download PDF' and 'Download Excel' of the return (the latest revision); Excel only where the
 * collection offers its template (flag, switch, template uploaded).
 */
export function DownloadButtons({
  collectionId,
  submissionId,
  formId,
  baseName,
  onError,
}: DownloadButtonsProps) {
  const [busy, setBusy] = useState<Download | null>(null);
  const excel = useExcelTemplateOffered(collectionId);
  const run = async (kind: Download) => {
    setBusy(kind);
    try {
      if (kind === 'pdf') browser.saveFile(await downloadSubmissionPdf(submissionId), `${baseName}.pdf`);
      else if (formId !== null)
        browser.saveFile(
          await downloadPopulatedExcel(collectionId, formId, submissionId),
          `${baseName}.xlsx`,
        );
    } catch (error) {
      onError(kind === 'pdf' ? messages.pdfUnavailable : problemText(error));
    } finally {
      setBusy(null);
    }
  };
  // While one download runs, both buttons keep focus (aria-disabled) but ignore presses.
  const button = (kind: Download, text: string) => (
    <button
      type="button"
      className="nhsuk-button nhsuk-button--secondary"
      aria-disabled={busy !== null ? true : undefined}
      onClick={() => busy === null && void run(kind)}
    >
      {busy === kind ? 'Downloading...' : text}
    </button>
  );
  return (
    <div className="nhsuk-button-group">
      {button('pdf', 'Download PDF')}
      {formId !== null && excel.offered ? button('excel', 'Download Excel') : null}
    </div>
  );
}
