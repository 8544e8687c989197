import type { SubmissionView } from '@dcf/domain';
import type { FormDefinition, UncheckedRule } from '@dcf/forms';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SubmissionPageKey } from '../../api/submissions';
import { FileUploadStatus, UnsavedChangesPrompt, useNotification } from '../../components';
import type { WizardPage } from '../../formio/form-renderer';
import { useStableErrors } from '../data-quality/entry-summary';
import { useFieldNotes } from '../data-quality/field-findings';
import { errorsByField, useDataQuality } from '../data-quality/use-data-quality';
import { parseContent } from './compare-revisions';
import { EntryHeader } from './entry-header';
import { ExcelPrefill } from './excel-prefill';
import { usePageTick, useSaveAndGo, useShownQuality, useUploads } from './form-entry-hooks';
import { PageCompleteTick, SaveActions } from './form-entry-parts';
import { EntryForm, LinkedErrorSummary } from './form-entry-sections';
import { ReturnActions } from './return-actions';
import { useFieldFromAddress } from './use-field-from-address';
import { useFormEntry } from './use-form-entry';

export interface FormEntryProps {
  pageKey: SubmissionPageKey;
  view: SubmissionView;
  /** Link to the revisions list. */
  revisionsHref: string;
}

/**
 * Filling in one return: the form (editable only while this person holds the lock), Save draft and
 * Submit, autosave, the 'This page is complete' tick of wizard pages, conflicts and restored typing,
 * downloads and the manager's actions.
 */
export function FormEntry({ pageKey, view: initial, revisionsHref }: FormEntryProps) {
  const [settled, setSettled] = useState(false);
  // `?field=` (a Change link of check your answers) opens the form at that question.
  const { ref: rendererRef, handle: renderer } = useFieldFromAddress(settled);
  const readData = useCallback(() => renderer.current?.getData(), [renderer]);
  // The answers on screen, for the data quality rules run on every change (decision 0028).
  const [answers, setAnswers] = useState(() => parseContent(initial.content));
  const quality = useDataQuality(pageKey, answers);
  const entry = useFormEntry(pageKey, initial, readData, quality.readExplanations);
  const { shown, checkpoint } = useShownQuality(quality, entry);
  const { view } = entry;
  useEffect(() => setSettled(entry.lock.state !== 'taking'), [entry.lock.state]);
  const notices = useNotification();
  const [page, setPage] = useState<WizardPage | null>(null);
  // The form's rules that could not be evaluated on these answers (decision 0030): shown to a manager.
  const [unchecked, setUnchecked] = useState<readonly UncheckedRule[]>([]);
  const definition = useStableDefinition(view);
  const { uploading, upload, fileService } = useUploads(pageKey);
  const { saveAndTell, goAfterRender } = useSaveAndGo(entry, pageKey, checkpoint);
  const { tickError, tickPage } = usePageTick(entry, definition, readData);
  // While the lock is being taken the form shows read-only, so it does not jump from one layout to the other.
  const summaryOnly = !view.canEdit || entry.lock.state === 'refused';
  const savedAnswers = useMemo(() => parseContent(view.content), [view.content]);
  const qualityErrors = useStableErrors(entry.fieldErrors, errorsByField(shown.findings));
  const fieldNotes = useFieldNotes(shown, definition, answers, entry.editable);
  const { collectionId, organisationId, reportingPeriodId } = pageKey;

  return (
    <>
      <EntryHeader pageKey={pageKey} entry={entry} notices={notices} />
      <LinkedErrorSummary fieldErrors={entry.fieldErrors} findings={shown.findings} renderer={renderer} />
      <EntryForm
        entry={entry}
        definition={definition}
        summaryOnly={summaryOnly}
        savedAnswers={savedAnswers}
        quality={quality}
        shown={shown}
        answers={answers}
        rendererRef={rendererRef}
        onAnswers={setAnswers}
        onPage={(wizardPage) => {
          setPage(wizardPage);
          checkpoint();
        }}
        onUnchecked={setUnchecked}
        fieldErrors={qualityErrors}
        fieldNotes={fieldNotes}
        fileService={fileService}
      />
      {/* 'Uploading: N%' in words for the form's attachments; cleared once stored. */}
      <FileUploadStatus status={upload?.status} fileName={upload?.fileName} />
      {entry.editable ? (
        <ExcelPrefill
          collectionId={collectionId}
          reportingPeriodId={reportingPeriodId}
          organisationId={organisationId}
          onValues={entry.mergeValues}
          disabled={uploading || entry.isSaving}
        />
      ) : null}
      {page && definition?.display === 'wizard' && !summaryOnly ? (
        <PageCompleteTick
          page={page}
          checked={entry.completedPages.includes(page.key)}
          disabled={!entry.editable}
          error={tickError}
          onChange={(checked) => void tickPage(page.key, checked)}
        />
      ) : null}
      {entry.editable ? (
        <SaveActions
          view={view}
          onSave={saveAndTell}
          lastSaved={entry.lastSaved}
          isSaving={entry.isSaving}
          uploading={uploading}
        />
      ) : null}
      <ReturnActions
        pageKey={pageKey}
        entry={entry}
        revisionsHref={revisionsHref}
        unchecked={unchecked}
        findings={quality.findings}
        notify={notices.notify}
        goAfterRender={goAfterRender}
      />
      <UnsavedChangesPrompt when={entry.dirty} />
    </>
  );
}

/**
 * The form definition, the same object for as long as the form version is the same: every save answers
 * with a fresh view, and a new definition object would rebuild the form.
 */
function useStableDefinition(view: SubmissionView): FormDefinition | null {
  const form = useRef(view.form);
  if (view.form?.id !== form.current?.id) form.current = view.form;
  return (form.current?.definition ?? null) as FormDefinition | null;
}
