import {
  extensionOf,
  fileWrongTypeMessage,
  formTemplateExtensions,
  type PrefillResult,
  xlsxContentType,
} from '@dcf/domain';
import { type ChangeEvent, useState } from 'react';
import { errorMessage } from '../../api/client';
import { prefillFromExcel } from '../../api/excel-template';
import { problemMessages } from '../../api/problems';
import { fileDownloadUrl } from '../../api/storage';
import { browser } from '../../app/browser';
import { type Column, DataTable, Details, FileField } from '../../components';
import { useExcelTemplateOffered } from './excel-offered';

export interface ExcelPrefillProps {
  collectionId: number;
  reportingPeriodId: number;
  organisationId: number;
  /** The answers read from the workbook, to merge into the form; nothing is saved until the person saves. */
  onValues: (values: PrefillResult['values']) => void;
  disabled?: boolean;
}

const inputId = 'excel-prefill-file';
const show = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));
/** The workbook cell a taken or refused value came from, first in both reports. */
const cellColumn: Column<{ cell: string }> = { key: 'cell', header: 'Cell', cell: (row) => row.cell };

/**
 * Beyond the specification: download the collection's blank Excel template, or upload a filled one to fill
 * in the form, with a cell-by-cell report of what was taken and what was refused and why. Shown only when
 * the EXCELTEMPLATE flag and the collection's switch are on and a template exists.
 */
export function ExcelPrefill({
  collectionId,
  reportingPeriodId,
  organisationId,
  onValues,
  disabled,
}: ExcelPrefillProps) {
  const excel = useExcelTemplateOffered(collectionId);
  const [result, setResult] = useState<PrefillResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const blobPath = excel.blobPath;
  if (!excel.offered || !blobPath) return null;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setError(null);
    setResult(null);
    if (extensionOf(file.name) !== '.xlsx') {
      setError(fileWrongTypeMessage(formTemplateExtensions));
      return;
    }
    setBusy(true);
    try {
      const read = await prefillFromExcel({ collectionId, reportingPeriodId, organisationId }, file);
      setResult(read);
      onValues(read.values);
    } catch (failure) {
      setError(problemMessages(failure).join('. '));
    } finally {
      setBusy(false);
    }
  }

  async function downloadBlank() {
    try {
      browser.assign(await fileDownloadUrl({ collectionId }, blobPath as string));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <Details summary="Fill in from an Excel template">
      <p>
        <button type="button" className="dcf-link-button" onClick={() => void downloadBlank()}>
          Download the blank template
        </button>
        , fill it in, then upload it here. The answers it gives are put into the form; check them and save as
        usual.
      </p>
      <FileField
        id={inputId}
        label="Upload a filled template"
        error={error}
        accept={`.xlsx,${xlsxContentType}`}
        disabled={disabled || busy}
        onChange={(event) => void onChoose(event)}
      >
        <p role="status" className="nhsuk-body-s">
          {busy
            ? 'Reading the workbook...'
            : result
              ? `${result.taken.length} answers taken, ${result.refused.length} refused.`
              : ''}
        </p>
      </FileField>
      {result && result.refused.length > 0 ? (
        <DataTable
          caption="Cells refused"
          captionClass=""
          scrollLabel="Values found"
          rows={result.refused}
          rowKey={(row) => `${row.cell}-${row.key ?? ''}`}
          columns={[
            cellColumn,
            { key: 'question', header: 'Question', cell: (row) => row.key ?? '' },
            { key: 'reason', header: 'Reason', cell: (row) => row.reason },
          ]}
        />
      ) : null}
      {result && result.taken.length > 0 ? (
        <DataTable
          caption="Cells taken"
          captionClass=""
          scrollLabel="Values found"
          rows={result.taken}
          rowKey={(row) => `${row.cell}-${row.key}`}
          columns={[
            cellColumn,
            { key: 'question', header: 'Question', cell: (row) => row.key },
            { key: 'value', header: 'Value', cell: (row) => show(row.value) },
          ]}
        />
      ) : null}
    </Details>
  );
}
