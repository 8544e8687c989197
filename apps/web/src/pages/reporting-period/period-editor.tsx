import { formatLongDate, type ReportingPeriodDto, validateReportingPeriod } from '@dcf/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useDeleteReportingPeriod, useSaveReportingPeriod } from '../../api/reporting-periods';
import {
  ErrorSummary,
  InsetText,
  Notification,
  PeriodStatusTag,
  Select,
  TextField,
  UnsavedChangesPrompt,
  YesNoModal,
} from '../../components';
import { useEditForm } from '../../components/use-edit-form';
import { PeriodDates } from './period-fields';
import {
  emptyPeriodForm,
  type FormVersionChoice,
  type PeriodFormValues,
  periodBodyFrom,
  periodFieldId,
  periodFieldLabels,
  periodFormFrom,
} from './period-form';

export interface PeriodEditorProps {
  collectionId: number;
  /** The period being edited; absent when adding one. */
  period?: ReportingPeriodDto;
  /** Every period of the collection, for the duplicate start/end check before saving. */
  periods: readonly ReportingPeriodDto[];
  /** The collection's form versions (formId is chosen on update only: a new period takes the newest). */
  forms: readonly FormVersionChoice[];
  /** Where Save, Delete and Cancel lead. */
  listPath: string;
}

/**
 * Add or change one reporting period. `validateReportingPeriod` (the engine the API runs) checks the
 * fields first, so every section-5 message shows inline and in 'There is a problem' before any call;
 * a 400's `errors` land on the same fields. A period with submissions keeps its start and end, and
 * cannot be deleted (the API answers 409 either way; the form says so up front).
 */
export function PeriodEditor({ collectionId, period, periods, forms, listPath }: PeriodEditorProps) {
  const navigate = useNavigate();
  const save = useSaveReportingPeriod(collectionId, period?.id);
  const remove = useDeleteReportingPeriod(collectionId);
  const initial = period ? periodFormFrom(period) : emptyPeriodForm;
  const { values, set, error, failure, setFailure, summary, check, send } =
    useEditForm<PeriodFormValues>(initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [saved, setSaved] = useState(false);
  const locked = period?.hasSubmissions ?? false;

  useEffect(() => {
    if (saved) navigate(listPath);
  }, [saved, navigate, listPath]);

  const dirty = !saved && JSON.stringify(values) !== JSON.stringify(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = periodBodyFrom(values, period !== undefined);
    if (!check(validateReportingPeriod({ ...body, ...(period ? { id: period.id } : {}) }, periods))) return;
    await send(async () => {
      await save.mutateAsync(body);
      setSaved(true);
    });
  }

  async function deletePeriod() {
    if (!period) return;
    setConfirmDelete(false);
    try {
      await remove.mutateAsync(period.id);
      setSaved(true);
    } catch (caught) {
      setFailure(errorMessage(caught));
    }
  }

  const listed = periodFieldLabels.filter(([field]) => error(field));

  return (
    <>
      <UnsavedChangesPrompt when={dirty} />
      <ErrorSummary
        id="period-error-summary"
        ref={summary}
        items={listed.map(([field]) => ({ href: `#${periodFieldId(field)}`, message: error(field) ?? '' }))}
      />
      {failure ? <Notification variant="error" message={failure} /> : null}
      {period ? <PeriodNotes period={period} /> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          id={periodFieldId('name')}
          label="Name"
          value={values.name}
          onChange={(v) => set('name', v)}
          error={error('name')}
        />
        <PeriodDates values={values} set={set} error={error} locked={locked} />
        {period ? (
          <Select
            id={periodFieldId('formId')}
            label="Form version"
            hint="The version of the collection's form that submitters fill in for this period"
            value={values.formId}
            onChange={(v) => set('formId', v)}
            error={error('formId')}
            options={formOptionsOf(forms)}
          />
        ) : (
          <p className="nhsuk-body">A new period uses the newest version of the collection's form.</p>
        )}
        <PeriodActions
          saving={save.isPending}
          onDelete={period && !locked ? () => setConfirmDelete(true) : undefined}
          deleting={remove.isPending}
          onCancel={() => navigate(listPath)}
        />
      </form>
      <YesNoModal
        open={confirmDelete}
        title="Delete reporting period"
        onYes={() => void deletePeriod()}
        onNo={() => setConfirmDelete(false)}
      >
        <p className="nhsuk-body">
          Are you sure you want to delete {period?.name ?? 'this reporting period'}?
        </p>
      </YesNoModal>
    </>
  );
}

/** The form versions to choose from, newest first. */
function formOptionsOf(forms: PeriodEditorProps['forms']) {
  return [...forms]
    .sort((a, b) => b.version - a.version)
    .map((form) => ({
      value: String(form.id),
      label: `Version ${form.version} (${formatLongDate(form.createdAt)})`,
    }));
}

/** A saved period's status, and why its dates are fixed once it has submissions. */
function PeriodNotes({ period }: { period: NonNullable<PeriodEditorProps['period']> }) {
  return (
    <>
      <p className="nhsuk-body">
        Status: <PeriodStatusTag status={period.reportingPeriodStatus} />
      </p>
      {period.hasSubmissions ? (
        <InsetText>
          <p>
            This period has submissions, so its start and end dates cannot change and it cannot be deleted.
          </p>
        </InsetText>
      ) : null}
    </>
  );
}

/** Save, Delete (a saved period without submissions) and Cancel. */
function PeriodActions({
  saving,
  onDelete,
  deleting,
  onCancel,
}: {
  saving: boolean;
  /** Offers Delete when present. */
  onDelete: (() => void) | undefined;
  deleting: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="nhsuk-button-group">
      <button className="nhsuk-button" type="submit" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
      {onDelete ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--warning"
          onClick={onDelete}
          disabled={deleting}
        >
          Delete
        </button>
      ) : null}
      <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
