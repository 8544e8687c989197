import {
  formatLongDate,
  formatMediumDateTime,
  type ImportReport,
  interpolate,
  messages,
  type OdsSyncRun,
} from '@dcf/domain';
import { type ChangeEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import {
  useImportOrganisations,
  useOrganisationTypes,
  useSyncRuns,
  useTriggerSync,
} from '../../api/organisations';
import { DataTable, FileField, Notification, SummaryRow } from '../../components';

/** The import takes files up to 12 MB (the API's limit): ODS epraccur, 15,000 rows, is about 3 MB. */
const MAX_CSV_BYTES = 12 * 1024 * 1024;

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
  const scope =
    run.mode === 'incremental' && run.since ? ` (changes since ${formatLongDate(run.since)})` : '';
  return run.status === 'succeeded'
    ? `Last sync ${when}${scope}: ${run.added} added, ${run.updated} updated, ${run.closed} closed, ${run.failed} failed.`
    : `Last sync ${when}${scope} failed: ${run.error ?? 'unknown error'}`;
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
  const refusedCaption =
    report.refusedCount > report.refused.length
      ? `Lines that cannot be imported (the first ${report.refused.length} of ${report.refusedCount})`
      : 'Lines that cannot be imported';
  return (
    <>
      {report.layout ? <p className="nhsuk-body-s">File recognised as: {report.layout.name}.</p> : null}
      <dl className="nhsuk-summary-list">
        {(
          [
            ['To add', 'Added', report.added],
            ['To update', 'Updated', report.updated],
            ['To close', 'Closed', report.closed],
            ['Already closed', 'Already closed', report.alreadyClosed],
            ['Unchanged', 'Unchanged', report.unchanged],
            ['Refused lines', 'Refused lines', report.refusedCount],
          ] as const
        ).map(([dryLabel, label, count]) => (
          <SummaryRow key={label} label={report.dryRun ? dryLabel : label}>
            {count}
          </SummaryRow>
        ))}
      </dl>
      {report.types.length > 0 ? (
        <DataTable
          caption={report.dryRun ? 'Organisation types it will set' : 'Organisation types set'}
          captionClass="nhsuk-table__caption--s"
          rows={report.types}
          rowKey={(type) => type.organisationTypeId ?? 'none'}
          columns={[
            { key: 'type', header: 'Type', cell: (type) => type.name },
            { key: 'count', header: 'Organisations', numeric: true, cell: (type) => type.count },
          ]}
        />
      ) : null}
      {report.refused.length > 0 ? (
        <DataTable
          caption={refusedCaption}
          captionClass="nhsuk-table__caption--s"
          rows={report.refused}
          rowKey={(refusal) => `${refusal.line}-${refusal.code}`}
          columns={[
            { key: 'line', header: 'Line', cell: (refusal) => refusal.line },
            { key: 'code', header: 'Code', cell: (refusal) => refusal.code },
            { key: 'reason', header: 'Reason', cell: (refusal) => refusal.reason },
          ]}
        />
      ) : null}
    </>
  );
}

/** The type for organisations the file gives none: asked only when the dry run found some. */
function TypeForUntyped({ value, onChange }: { value: number | null; onChange(id: number | null): void }) {
  const id = useId();
  const types = useOrganisationTypes();
  return (
    <div className="nhsuk-form-group">
      <label className="nhsuk-label" htmlFor={id}>
        Organisation type for the organisations this file does not type
      </label>
      <div className="nhsuk-hint" id={`${id}-hint`}>
        The file has no type column. Organisations already in the register keep their type unless you choose
        one.
      </div>
      <select
        id={id}
        className="nhsuk-select"
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">Do not set a type</option>
        {(types.data ?? []).map((type) => (
          <option key={type.id} value={type.id}>
            {type.shortDescription}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Import an ODS register file (epraccur, etr, ets, eccg or a headered CSV: the server recognises the
 * layout): choose the file, check it (a dry run: the server works out the same report in a transaction it
 * rolls back), read what would change, then apply it. Choosing another file, or another type for the
 * untyped organisations, checks again, so what is applied is always what was checked.
 */
export function ImportOdsCsv() {
  const inputId = useId();
  const importCsv = useImportOrganisations();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [applied, setApplied] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setApplied(null);
    setFailure(null);
    setFile(null);
    setTypeId(null);
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

  async function run(dryRun: boolean, organisationTypeId = typeId) {
    if (!file) return;
    setFailure(null);
    try {
      const report = await importCsv.mutateAsync({ content: file.content, dryRun, organisationTypeId });
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

  function chooseType(id: number | null) {
    setTypeId(id);
    void run(true, id);
  }

  const nothingToApply = preview !== null && preview.added + preview.updated + preview.closed === 0;
  return (
    <section aria-labelledby="ods-import-heading" className="nhsuk-u-margin-bottom-5">
      <h2 id="ods-import-heading" className="nhsuk-heading-s">
        Import an ODS extract
      </h2>
      <FileField
        id={inputId}
        label="ODS CSV file"
        hint="An ODS register file: epraccur.csv (GP practices), etr.csv (NHS trusts), ets.csv (trust sites), eccg.csv (ICBs), or a CSV with a header row naming at least Organisation Code and Name. You will see what it would change before anything is applied."
        error={fileError}
        accept=".csv,text/csv"
        onChange={(event) => void choose(event)}
      />
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
            {preview.untyped > 0 ? <TypeForUntyped value={typeId} onChange={chooseType} /> : null}
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
