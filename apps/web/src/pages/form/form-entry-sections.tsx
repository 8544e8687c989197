import { messages } from '@dcf/domain';
import type { FormDefinition, UncheckedRule } from '@dcf/forms';
import { type ReactNode, type Ref, type RefObject, useEffect, useRef } from 'react';
import { ErrorSummary, InsetText } from '../../components';
import {
  type FormData,
  FormRenderer,
  type FormRendererHandle,
  type WizardPage,
} from '../../formio/form-renderer';
import type { FormioFileService } from '../../formio/storage-provider';
import { DataQualityPanel } from '../data-quality/entry-panel';
import { summaryItems } from '../data-quality/entry-summary';
import { type DataQualityState, explanationId, questionOf } from '../data-quality/use-data-quality';
import { ProblemSummary, RestoreOffer, StaleWarning } from './form-entry-parts';
import { ReadOnlyAnswers } from './read-only-answers';
import type { useFormEntry } from './use-form-entry';

type Entry = ReturnType<typeof useFormEntry>;

/**
 * Why the page is read-only: a lock refused to this page, or the view's reason. The lock notice says
 * who holds it, until when and who can release it: that is not said twice. A lock is known by its
 * code, never by its words (decision 0044).
 */
export function ReadOnlyNote({ entry }: { entry: Entry }) {
  const { view, lock } = entry;
  const reason =
    lock.state === 'refused'
      ? lock.message
      : !view.canEdit
        ? (view.readOnlyReason ?? messages.submissionNoEditRole)
        : null;
  const lockNoticeShown =
    view.isLocked && !view.lockedByMe && view.lockedBy !== null && view.lockedOn !== null;
  const saysLock =
    lockNoticeShown &&
    (lock.state === 'refused' ? lock.code === 'lock_held' : !view.canEdit && view.readOnlyCode === 'locked');
  if (!reason || saysLock) return null;
  return (
    <InsetText>
      <p>{reason}</p>
    </InsetText>
  );
}

/** A conflict to reload, typing to restore, a refused save's problem. */
export function EntryNotices({ entry }: { entry: Entry }) {
  return (
    <>
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
    </>
  );
}

/** The error summary, whose links move to the field through Form.io (it switches wizard page when needed). */
export function LinkedErrorSummary({
  fieldErrors,
  findings,
  renderer,
}: {
  /** A refused save's messages, by field. */
  fieldErrors: Record<string, string[]>;
  /** The data quality findings shown. */
  findings: DataQualityState['findings'];
  renderer: RefObject<FormRendererHandle | null>;
}) {
  const items = [
    ...Object.entries(fieldErrors).flatMap(([key, list]) =>
      list.map((message) => ({ href: `#dcf-field-${key}`, message })),
    ),
    ...summaryItems(findings, fieldErrors),
  ];
  // The NHS error pattern: after a refused save, focus moves to the summary, so it is read out at once.
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(fieldErrors).length > 0) summary.current?.focus();
  }, [fieldErrors]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the click handler only redirects the summary's links.
    // biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too.
    <div
      onClick={(event) => {
        const link = (event.target as Element).closest(
          'a[href^="#dcf-field-"], a[href^="#dcf-explanation-"]',
        );
        if (!link) return;
        const href = link.getAttribute('href') ?? '';
        // An explanation box sits at its warning's question, perhaps on another wizard page; one of a
        // rule naming no question is below the form, where the link itself goes.
        const finding = findings.find((f) => href === `#${explanationId(f.ruleId)}`);
        const question = finding && questionOf(finding);
        if (finding && !question) return;
        event.preventDefault();
        if (finding && question) renderer.current?.focusField(question, explanationId(finding.ruleId));
        else renderer.current?.focusField(href.slice('#dcf-field-'.length));
      }}
    >
      <ErrorSummary id="form-errors" items={items} ref={summary} />
    </div>
  );
}

export interface EntryFormProps {
  entry: Entry;
  definition: FormDefinition | null;
  /**
   * Whoever cannot change the return now reads it as a summary, not as greyed inputs (decision 0037):
   * those who may never edit it, and a person locked out.
   */
  summaryOnly: boolean;
  savedAnswers: FormData;
  /** All findings (for the summary), and those shown (beside the form). */
  quality: DataQualityState;
  shown: DataQualityState;
  answers: FormData;
  rendererRef: Ref<FormRendererHandle>;
  onAnswers: (data: FormData) => void;
  onPage: (page: WizardPage | null) => void;
  onUnchecked: (rules: readonly UncheckedRule[]) => void;
  fieldErrors: Record<string, string[]>;
  fieldNotes: Record<string, ReactNode>;
  fileService: FormioFileService;
}

/** The return itself: the form to fill in, or its answers as a summary. */
export function EntryForm(props: EntryFormProps) {
  const { entry, definition, quality, shown } = props;
  if (!definition) return <p className="nhsuk-body">{messages.noFormDefinition}</p>;
  if (props.summaryOnly)
    return (
      <>
        <ReadOnlyAnswers
          definition={definition}
          content={props.savedAnswers}
          onUnchecked={props.onUnchecked}
        />
        {/* Nothing to sit beside: every finding saved with the return, with its explanation. */}
        <DataQualityPanel
          quality={quality}
          definition={definition}
          answers={props.savedAnswers}
          editable={false}
        />
      </>
    );
  return (
    <>
      <FormRenderer
        key={entry.loaded.version}
        ref={props.rendererRef}
        definition={definition}
        submission={entry.loaded.data}
        readOnly={!entry.editable}
        completedPages={entry.completedPages}
        onChange={(data, modified) => {
          entry.onChange(data, modified);
          props.onAnswers(data);
        }}
        onPageChange={props.onPage}
        onUnchecked={props.onUnchecked}
        fieldErrors={props.fieldErrors}
        fieldNotes={props.fieldNotes}
        fileService={props.fileService}
      />
      {/* Findings of rules naming no question (an expert's logic rule) have no question to sit beside. */}
      <DataQualityPanel
        quality={{ ...shown, findings: shown.findings.filter((f) => !questionOf(f)) }}
        definition={definition}
        answers={props.answers}
        editable={entry.editable}
      />
    </>
  );
}
