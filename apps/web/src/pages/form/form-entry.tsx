import { formatMediumDateTime, messages, type SubmissionView } from '@dcf/domain';
import type { FormDefinition, UncheckedRule } from '@dcf/forms';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SubmissionPageKey } from '../../api/submissions';
import { paths } from '../../app/paths';
import {
  ErrorMessage,
  ErrorSummary,
  FileUploadStatus,
  Notification,
  SaveButton,
  UnsavedChangesPrompt,
  type UploadStatus,
  useNotification,
} from '../../components';
import { FormRenderer, type WizardPage } from '../../formio/form-renderer';
import { loadEngine } from '../../formio/renderer/engine';
import { createFileService } from '../../formio/storage-provider';
import { DataQualityPanel } from '../data-quality/entry-panel';
import { summaryItems, useStableErrors } from '../data-quality/entry-summary';
import { useFieldNotes } from '../data-quality/field-findings';
import { ReturnRulesNotChecked } from '../data-quality/rules-not-checked';
import { errorsByField, explanationId, questionOf, useDataQuality } from '../data-quality/use-data-quality';
import { useShownFindings } from '../data-quality/use-shown-findings';
import { parseContent } from './compare-revisions';
import { DownloadButtons } from './download-buttons';
import { ExcelPrefill } from './excel-prefill';
import { LockNotice } from './lock-notice';
import { ManagerActions } from './manager-actions';
import { ReadOnlyAnswers } from './read-only-answers';
import { SendBackForm } from './send-back';
import { SubmissionBanners } from './submission-banners';
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
  // The findings shown: those flagged at the last checkpoint (opened, saved, page changed), never
  // while a figure is typed (decision 0037).
  const [checkpoints, setCheckpoints] = useState(0);
  const checkpoint = useCallback(() => setCheckpoints((n) => n + 1), []);
  const shownFindings = useShownFindings(
    quality.findings,
    quality.ready,
    `${checkpoints}:${entry.lastSaved?.at.getTime() ?? ''}`,
    entry.dirty,
  );
  const shown = { ...quality, findings: shownFindings };
  const { view } = entry;
  // Typing an explanation is a change like an answer's; the ones saved with the return are the baseline.
  const { explanationChanged, explanationsLoaded } = entry;
  useEffect(() => {
    if (quality.seeded) explanationsLoaded();
  }, [quality.seeded, explanationsLoaded]);
  useEffect(() => {
    if (quality.edits > 0) explanationChanged();
  }, [quality.edits, explanationChanged]);
  useEffect(() => setSettled(entry.lock.state !== 'taking'), [entry.lock.state]);
  const { notification, notify, clear } = useNotification();
  const navigate = useNavigate();
  const [page, setPage] = useState<WizardPage | null>(null);
  // The form's rules that could not be evaluated on these answers (decision 0030): shown to a manager.
  const [unchecked, setUnchecked] = useState<readonly UncheckedRule[]>([]);
  const definition = useStableDefinition(view);
  // Attachments upload straight to storage; Save draft and Submit wait while any upload runs.
  const [uploading, setUploading] = useState(false);
  const [upload, setUpload] = useState<{ fileName: string; status: UploadStatus } | null>(null);
  const { collectionId, organisationId } = pageKey;
  const fileService = useMemo(
    () =>
      createFileService(
        { collectionId, organisationId },
        {
          onUploadingChange: setUploading,
          onUploadStatus: (fileName, status) => setUpload({ fileName, status }),
        },
      ),
    [collectionId, organisationId],
  );

  // Submit saves the answers as a draft, then shows them to check before the declaration and the
  // real submit (check your answers, decision 0016). It leaves once the save has rendered: until then
  // the unsaved-changes prompt still holds the page as changed and would stop the navigation.
  // Send for sign-off (decision 0036) saves the answers with the submit's full checks; what is missing
  // shows in the error summary, as for a submit. Sent, the page confirms it on the confirmation page.
  // Every save is a checkpoint at which the data quality warnings are shown (decision 0037).
  const [next, setNext] = useState<string | null>(null);
  const { collectionId: c, organisationId: o, reportingPeriodId: rp } = pageKey;
  const saveAndTell = async (action: 'draft' | 'completed' | 'sendForSignOff') => {
    try {
      await entry.save('draft', false, action === 'sendForSignOff');
    } finally {
      checkpoint();
    }
    if (action === 'completed') setNext(paths.formCheck(c, o, rp));
    if (action === 'sendForSignOff') setNext(paths.formConfirmation(c, o, rp, 'sentForSignOff'));
  };
  useEffect(() => {
    if (!next) return;
    setNext(null);
    void navigate(next);
  }, [next, navigate]);

  // Whoever cannot change the return now reads it as a summary, not as greyed inputs (decision 0037):
  // those who may never edit it, and a person locked out. While the lock is being taken the form shows
  // read-only, so it does not jump from one layout to the other.
  const summaryOnly = !view.canEdit || entry.lock.state === 'refused';
  const savedAnswers = useMemo(() => parseContent(view.content), [view.content]);
  const readOnlyReason =
    entry.lock.state === 'refused'
      ? entry.lock.message
      : !view.canEdit
        ? (view.readOnlyReason ?? messages.submissionNoEditRole)
        : null;
  // The lock notice says who holds it, until when and who can release it: not said twice.
  const lockNoticeShown =
    view.isLocked && !view.lockedByMe && view.lockedBy !== null && view.lockedOn !== null;
  const saysLock =
    lockNoticeShown &&
    (entry.lock.state === 'refused'
      ? entry.lock.code === 'lock_held'
      : !view.canEdit && view.readOnlyCode === 'locked');

  // 'This page is complete' only when the page's questions pass the submit's checks (decision 0036):
  // otherwise its problems show at the questions and in the summary, and the box stays clear.
  const [tickError, setTickError] = useState<string | null>(null);
  const tickPage = async (key: string, checked: boolean) => {
    setTickError(null);
    if (checked && definition) {
      const engine = await loadEngine();
      const { errors } = engine.evaluateForm(definition, readData() ?? {}, 'completed');
      const onPage = Object.fromEntries(
        Object.entries(errors).filter(([path, list]) =>
          engine.pagesWithErrors(definition, { [path]: list }).has(key),
        ),
      );
      if (Object.keys(onPage).length > 0) {
        entry.showFieldErrors(onPage);
        setTickError(messages.pageChecksFailed);
        return;
      }
    }
    entry.setPageComplete(key, checked);
  };
  const qualityErrors = useStableErrors(entry.fieldErrors, errorsByField(shown.findings));
  const fieldNotes = useFieldNotes(shown, definition, answers, entry.editable);
  const errorItems = [
    ...Object.entries(entry.fieldErrors).flatMap(([key, list]) =>
      list.map((message) => ({ href: `#dcf-field-${key}`, message })),
    ),
    ...summaryItems(shown.findings, entry.fieldErrors),
  ];
  // The NHS error pattern: after a refused save, focus moves to the summary, so it is read out at once.
  const errorSummary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(entry.fieldErrors).length > 0) errorSummary.current?.focus();
  }, [entry.fieldErrors]);

  return (
    <>
      <Notification
        key={notification?.id ?? 'none'}
        {...(notification ?? { variant: 'none' })}
        onClose={clear}
      />
      <SubmissionBanners view={view} />
      <LockNotice
        pageKey={pageKey}
        view={view}
        onReleased={async () => {
          // A notice that stays (decision 0037): the page changes under the button that was pressed.
          notify({ variant: 'success', message: 'The lock has been released.', stayOpen: true });
          await entry.refresh();
        }}
      />
      {readOnlyReason && !saysLock ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>{readOnlyReason}</p>
        </div>
      ) : null}
      {entry.lock.state === 'taking' ? <p className="nhsuk-body">Opening the return for editing...</p> : null}
      {entry.stale ? <StaleWarning onReload={entry.reloadLatest} /> : null}
      {entry.backup && !entry.stale ? (
        <RestoreOffer
          changedAt={entry.backup.changedAt}
          canRestore={entry.editable}
          onRestore={entry.restoreBackup}
          onDiscard={entry.discardBackup}
        />
      ) : null}
      {entry.problem && !entry.stale ? <ProblemSummary message={entry.problem} /> : null}
      {/* The summary's links move to the field through Form.io (it switches wizard page when needed). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click handler only redirects the summary's links. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too. */}
      <div
        onClick={(event) => {
          const link = (event.target as Element).closest(
            'a[href^="#dcf-field-"], a[href^="#dcf-explanation-"]',
          );
          if (!link) return;
          const href = link.getAttribute('href') ?? '';
          // An explanation box sits at its warning's question, perhaps on another wizard page; one of a
          // rule naming no question is below the form, where the link itself goes.
          const finding = shown.findings.find((f) => href === `#${explanationId(f.ruleId)}`);
          const question = finding && questionOf(finding);
          if (finding && !question) return;
          event.preventDefault();
          if (finding && question) renderer.current?.focusField(question, explanationId(finding.ruleId));
          else renderer.current?.focusField(href.slice('#dcf-field-'.length));
        }}
      >
        <ErrorSummary id="form-errors" items={errorItems} ref={errorSummary} />
      </div>

      {!definition ? (
        <p className="nhsuk-body">{messages.noFormDefinition}</p>
      ) : summaryOnly ? (
        <>
          <ReadOnlyAnswers definition={definition} content={savedAnswers} onUnchecked={setUnchecked} />
          {/* Nothing to sit beside: every finding saved with the return, with its explanation. */}
          <DataQualityPanel
            quality={quality}
            definition={definition}
            answers={savedAnswers}
            editable={false}
          />
        </>
      ) : (
        <>
          <FormRenderer
            key={entry.loaded.version}
            ref={rendererRef}
            definition={definition}
            submission={entry.loaded.data}
            readOnly={!entry.editable}
            completedPages={entry.completedPages}
            onChange={(data, modified) => {
              entry.onChange(data, modified);
              setAnswers(data);
            }}
            onPageChange={(wizardPage) => {
              setPage(wizardPage);
              checkpoint();
            }}
            onUnchecked={setUnchecked}
            fieldErrors={qualityErrors}
            fieldNotes={fieldNotes}
            fileService={fileService}
          />
          {/* Findings of rules naming no question (an expert's logic rule) have no question to sit beside. */}
          <DataQualityPanel
            quality={{ ...shown, findings: shown.findings.filter((f) => !questionOf(f)) }}
            definition={definition}
            answers={answers}
            editable={entry.editable}
          />
        </>
      )}
      {/* 'Uploading: N%' in words for the form's attachments; cleared once stored. */}
      <FileUploadStatus status={upload?.status} fileName={upload?.fileName} />

      {entry.editable ? (
        <ExcelPrefill
          collectionId={pageKey.collectionId}
          reportingPeriodId={pageKey.reportingPeriodId}
          organisationId={pageKey.organisationId}
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

      {view.submissionId !== null && view.currentRevisionId !== null ? (
        <DownloadButtons
          collectionId={pageKey.collectionId}
          submissionId={view.submissionId}
          formId={view.form?.id ?? null}
          baseName={`${view.organisationCode}-${view.period.name}`.replace(/[^A-Za-z0-9-]+/g, '-')}
          onError={(message) => notify({ variant: 'error', message })}
        />
      ) : null}

      {view.submissionId !== null ? (
        <p className="nhsuk-body">
          <Link to={revisionsHref}>Revisions</Link>
        </p>
      ) : null}

      {view.canChangeRules ? (
        <ReturnRulesNotChecked
          collectionId={collectionId}
          formRules={unchecked}
          findings={quality.findings}
        />
      ) : null}

      <SendBackForm
        view={view}
        onSent={(sent) => {
          entry.replaceView(sent);
          setNext(paths.formConfirmation(c, o, rp, 'sentBack'));
        }}
      />

      <ManagerActions
        pageKey={pageKey}
        view={view}
        onView={entry.replaceView}
        onDone={(message) => notify({ variant: 'success', message, stayOpen: true })}
        onOutcome={(outcome) =>
          void navigate(
            paths.formConfirmation(
              pageKey.collectionId,
              pageKey.organisationId,
              pageKey.reportingPeriodId,
              outcome,
            ),
          )
        }
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

function SaveActions({
  view,
  onSave,
  lastSaved,
  isSaving,
  uploading,
}: {
  view: SubmissionView;
  onSave: (action: 'draft' | 'completed' | 'sendForSignOff') => Promise<void>;
  lastSaved: { at: Date; automatic: boolean } | null;
  isSaving: boolean;
  uploading: boolean;
}) {
  return (
    <div className="dcf-form-actions">
      {view.canSendForSignOff ? (
        <div className="nhsuk-inset-text" id="submit-unavailable">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            An authoriser of {view.organisationName} submits this return. When it is complete, send it to them
            for sign-off: it is checked as a submit would be first.
          </p>
        </div>
      ) : !view.canSubmit && view.readOnlyReason ? (
        <div className="nhsuk-inset-text" id="submit-unavailable">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>{view.readOnlyReason}</p>
        </div>
      ) : null}
      <div className="nhsuk-button-group">
        <SaveButton secondary onSave={() => onSave('draft')} disabled={uploading}>
          Save draft
        </SaveButton>
        {view.canSendForSignOff ? (
          <SaveButton onSave={() => onSave('sendForSignOff')} disabled={uploading}>
            Send for sign-off
          </SaveButton>
        ) : (
          <SaveButton onSave={() => onSave('completed')} disabled={!view.canSubmit || uploading}>
            Submit
          </SaveButton>
        )}
      </div>
      <p className="nhsuk-body-s" role="status">
        {isSaving
          ? ''
          : lastSaved
            ? `${lastSaved.automatic ? 'Draft saved automatically' : 'Saved'} at ${formatMediumDateTime(lastSaved.at)}`
            : ''}
      </p>
    </div>
  );
}

function PageCompleteTick({
  page,
  checked,
  disabled,
  error,
  onChange,
}: {
  page: WizardPage;
  checked: boolean;
  disabled: boolean;
  error: string | null;
  onChange: (checked: boolean) => void;
}) {
  const id = `dcf-page-complete-${page.key}`;
  return (
    <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
      <ErrorMessage fieldId={id} error={error} />
      <div className="nhsuk-checkboxes">
        <div className="nhsuk-checkboxes__item">
          <input
            className="nhsuk-checkboxes__input"
            id={id}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange(e.target.checked)}
          />
          <label className="nhsuk-label nhsuk-checkboxes__label" htmlFor={id}>
            This page is complete<span className="nhsuk-u-visually-hidden"> ({page.title})</span>
          </label>
        </div>
      </div>
    </div>
  );
}

function StaleWarning({ onReload }: { onReload: () => Promise<void> }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1}>
      <h2 className="nhsuk-error-summary__title">{messages.submissionStale}</h2>
      <div className="nhsuk-error-summary__body">
        <p>
          Your changes have not been saved. They are kept in this browser tab: after reloading you can restore
          them on top of the latest version.
        </p>
        {failed ? <p className="nhsuk-error-message">{messages.somethingWentWrong}</p> : null}
        <button
          type="button"
          className="nhsuk-button"
          onClick={() =>
            onReload()
              .then(() => setFailed(false))
              .catch(() => setFailed(true))
          }
        >
          Reload the latest version
        </button>
      </div>
    </div>
  );
}

function RestoreOffer({
  changedAt,
  canRestore,
  onRestore,
  onDiscard,
}: {
  changedAt: string;
  canRestore: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <section className="nhsuk-notification-banner" aria-labelledby="restore-title">
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id="restore-title">
          Important
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        <p className="nhsuk-notification-banner__heading">
          You have changes that were not saved (last change {formatMediumDateTime(changedAt)}).
        </p>
        <div className="nhsuk-button-group">
          {canRestore ? (
            <button type="button" className="nhsuk-button" onClick={onRestore}>
              Restore my changes
            </button>
          ) : null}
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onDiscard}>
            Discard them
          </button>
        </div>
      </div>
    </section>
  );
}

function ProblemSummary({ message }: { message: string }) {
  return (
    <div className="nhsuk-error-summary" role="alert" tabIndex={-1}>
      <h2 className="nhsuk-error-summary__title">{messages.errorSummaryHeading}</h2>
      <div className="nhsuk-error-summary__body">
        <p>{message}</p>
      </div>
    </div>
  );
}
