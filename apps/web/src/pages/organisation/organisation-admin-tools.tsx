import { formatMediumDateTime, type ImportReport, interpolate, messages, type OdsSyncRun } from '@dcf/domain';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useImportOrganisations, useSyncRuns, useTriggerSync } from '../../api/organisations';
import { Notification } from '../../components';

/** The API takes at most 5 MB of JSON; an ODS extract of every trust is well under 1 MB. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

/** What a sync run is doing, in words, from its progress. */
export function syncProgressText(run: OdsSyncRun): string {
  const progress = run.progress;
  if (!progress) return 'A sync with ODS is in progress.';
  if (progress.phase === 'listing') return `Reading the ODS register: ${progress.done} organisations listed.`;
  if (progress.phase === 'details') {
    const percent = progress.total ? Math.floor((progress.done / progress.total) * 100) : 0;
    return `Fetching organisation records: ${progress.done} of ${progress.total ?? '?'} (${percent}%).`;
  }
  return `Applying ${progress.total ?? ''} records to the register.`.replace('  ', ' ');
}

function outcomeText(run: OdsSyncRun): string {
  const when = formatMediumDateTime(run.finishedAt ?? run.startedAt);
  return run.status === 'succeeded'
    ? `Last sync ${when}: ${run.added} added, ${run.updated} updated, ${run.closed} closed, ${run.failed} failed.`
    : `Last sync ${when} failed: ${run.error ?? 'unknown error'}`;
}

/** "Sync with ODS": starts a run, then follows its progress (polled) and shows the outcome counts. */
export function SyncWithOds() {
  const runs = useSyncRuns();
  const trigger = useTriggerSync();
  const last = runs.data?.[0];
  const running = last?.status === 'running' || trigger.isPending;
  return (
    <section aria-labelledby="ods-sync-heading" className="nhsuk-u-margin-bottom-5">
      <h2 id="ods-sync-heading" className="nhsuk-heading-s">
        Organisation Data Service
      </h2>
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        disabled={running}
        onClick={() => trigger.mutate()}
      >
        {running ? 'Syncing with ODS...' : 'Sync with ODS'}
      </button>
      <div role="status" className="nhsuk-body-s">
        {trigger.isError ? <p className="nhsuk-body-s">{errorMessage(trigger.error)}</p> : null}
        {last?.status === 'running' ? (
          <>
            <p className="nhsuk-body-s">{syncProgressText(last)}</p>
            {last.progress?.phase === 'details' && last.progress.total ? (
              <progress
                className="dcf-progress"
                max={last.progress.total}
                value={last.progress.done}
                aria-label="Organisation records fetched"
              />
            ) : null}
          </>
        ) : last ? (
          <p className="nhsuk-body-s">{outcomeText(last)}</p>
        ) : null}
      </div>
    </section>
  );
}

function ReportSummary({ report }: { report: ImportReport }) {
  return (
    <>
      <dl className="nhsuk-summary-list">
        {(
          [
            ['To add', 'Added', report.added],
            ['To update', 'Updated', report.updated],
            ['To close', 'Closed', report.closed],
            ['Unchanged', 'Unchanged', report.unchanged],
            ['Failing lines', 'Failed lines', report.failed.length],
          ] as const
        ).map(([dryLabel, label, count]) => (
          <div key={label} className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">{report.dryRun ? dryLabel : label}</dt>
            <dd className="nhsuk-summary-list__value">{count}</dd>
          </div>
        ))}
      </dl>
      {report.failed.length > 0 ? (
        <table className="nhsuk-table">
          <caption className="nhsuk-table__caption nhsuk-table__caption--s">
            Lines that cannot be imported
          </caption>
          <thead className="nhsuk-table__head">
            <tr className="nhsuk-table__row">
              {['Line', 'Code', 'Reason'].map((header) => (
                <th key={header} scope="col" className="nhsuk-table__header">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="nhsuk-table__body">
            {report.failed.map((failure) => (
              <tr key={`${failure.line}-${failure.code}`} className="nhsuk-table__row">
                <td className="nhsuk-table__cell">{failure.line}</td>
                <td className="nhsuk-table__cell">{failure.code}</td>
                <td className="nhsuk-table__cell">{failure.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

/**
 * Import an ODS extract (the `etr.csv` layout): choose the file, check it (a dry run: the server works
 * out the same report in a transaction it rolls back), read what would change, then apply it. Choosing
 * another file starts again, so what is applied is always what was checked.
 */
export function ImportOdsCsv() {
  const inputId = useId();
  const importCsv = useImportOrganisations();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [applied, setApplied] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setApplied(null);
    setFailure(null);
    setFile(null);
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name)) {
      setFileError(interpolate(messages.fileWrongType, { pattern: '.csv' }));
    } else if (chosen.size === 0) {
      setFileError(interpolate(messages.fileTooSmall, { size: '1 byte' }));
    } else if (chosen.size > MAX_CSV_BYTES) {
      setFileError(interpolate(messages.fileTooBig, { size: '4 MB' }));
    } else {
      setFileError(null);
      setFile({ name: chosen.name, content: await chosen.text() });
    }
  }

  async function run(dryRun: boolean) {
    if (!file) return;
    setFailure(null);
    try {
      const report = await importCsv.mutateAsync({ content: file.content, dryRun });
      if (dryRun) setPreview(report);
      else {
        setApplied(report);
        setPreview(null);
        setFile(null);
      }
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const nothingToApply = preview !== null && preview.added + preview.updated + preview.closed === 0;
  return (
    <section aria-labelledby="ods-import-heading" className="nhsuk-u-margin-bottom-5">
      <h2 id="ods-import-heading" className="nhsuk-heading-s">
        Import an ODS extract
      </h2>
      <div className={`nhsuk-form-group${fileError ? ' nhsuk-form-group--error' : ''}`}>
        <label className="nhsuk-label" htmlFor={inputId}>
          ODS CSV file
        </label>
        <div className="nhsuk-hint" id={`${inputId}-hint`}>
          An extract in the ODS etr.csv layout. You will see what it would change before anything is applied.
        </div>
        {fileError ? (
          <span className="nhsuk-error-message" id={`${inputId}-error`}>
            <span className="nhsuk-u-visually-hidden">Error:</span> {fileError}
          </span>
        ) : null}
        <input
          id={inputId}
          className="nhsuk-file-upload"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => void choose(event)}
        />
      </div>
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        disabled={!file || importCsv.isPending}
        onClick={() => void run(true)}
      >
        Check the file
      </button>
      {failure ? <Notification variant="error" message={failure} /> : null}
      <div aria-live="polite">
        {preview ? (
          <>
            <h3 className="nhsuk-heading-xs">What importing {file?.name} would change</h3>
            <ReportSummary report={preview} />
            {nothingToApply ? (
              <p className="nhsuk-body">Nothing to apply: the register already matches this file.</p>
            ) : (
              <button
                type="button"
                className="nhsuk-button"
                disabled={importCsv.isPending}
                onClick={() => void run(false)}
              >
                Apply the import
              </button>
            )}
          </>
        ) : null}
        {applied ? (
          <>
            <h3 className="nhsuk-heading-xs">Import applied</h3>
            <ReportSummary report={applied} />
          </>
        ) : null}
      </div>
    </section>
  );
}
