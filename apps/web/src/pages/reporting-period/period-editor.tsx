import {
  type FieldErrors,
  formatLongDate,
  type ReportingPeriodDto,
  validateReportingPeriod,
} from '@dcf/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { fieldErrorsOf } from '../../api/problems';
import { useDeleteReportingPeriod, useSaveReportingPeriod } from '../../api/reporting-periods';
import {
  Checkbox,
  DateInput,
  ErrorSummary,
  Notification,
  PeriodStatusTag,
  Select,
  TextField,
  UnsavedChangesPrompt,
  YesNoModal,
} from '../../components';
import { PeriodDateTime } from './period-fields';
import {
  emptyPeriodForm,
  type FormVersionChoice,
  type PeriodField,
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
  const [values, setValues] = useState<PeriodFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [saved, setSaved] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const locked = period?.hasSubmissions ?? false;

  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);
  useEffect(() => {
    if (saved) navigate(listPath);
  }, [saved, navigate, listPath]);

  const set = <K extends PeriodField>(field: K, value: PeriodFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const error = (field: PeriodField) => errors[field]?.[0];
  const dirty = !saved && JSON.stringify(values) !== JSON.stringify(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = periodBodyFrom(values, period !== undefined);
    const found = validateReportingPeriod({ ...body, ...(period ? { id: period.id } : {}) }, periods);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (caught) {
      const fields = fieldErrorsOf(caught);
      if (fields) setErrors(fields);
      else setFailure(errorMessage(caught));
    }
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
  const formOptions = [...forms]
    .sort((a, b) => b.version - a.version)
    .map((form) => ({
      value: String(form.id),
      label: `Version ${form.version} (${formatLongDate(form.createdAt)})`,
    }));

  return (
    <>
      <UnsavedChangesPrompt when={dirty} />
      <ErrorSummary
        id="period-error-summary"
        ref={summary}
        items={listed.map(([field]) => ({ href: `#${periodFieldId(field)}`, message: error(field) ?? '' }))}
      />
      {failure ? <Notification variant="error" message={failure} /> : null}
      {period ? (
        <p className="nhsuk-body">
          Status: <PeriodStatusTag status={period.reportingPeriodStatus} />
        </p>
      ) : null}
      {locked ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>
            This period has submissions, so its start and end dates cannot change and it cannot be deleted.
          </p>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        <TextField
          id={periodFieldId('name')}
          label="Name"
          value={values.name}
          onChange={(v) => set('name', v)}
          error={error('name')}
        />
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-half">
            <DateInput
              id={periodFieldId('start')}
              label="Start date"
              value={values.start}
              disabled={locked}
              onChange={(v) => set('start', v)}
              error={error('start')}
            />
          </div>
          <div className="nhsuk-grid-column-one-half">
            <DateInput
              id={periodFieldId('end')}
              label="End date"
              value={values.end}
              disabled={locked}
              onChange={(v) => set('end', v)}
              error={error('end')}
            />
          </div>
        </div>
        <PeriodDateTime
          dateField="submissionsOpen"
          timeField="openTime"
          label="Submissions open"
          date={values.submissionsOpen}
          time={values.openTime}
          onDate={(v) => set('submissionsOpen', v)}
          onTime={(v) => set('openTime', v)}
          dateError={error('submissionsOpen')}
          timeError={error('openTime')}
        />
        <PeriodDateTime
          dateField="submissionsClose"
          timeField="closeTime"
          label="Submissions close"
          date={values.submissionsClose}
          time={values.closeTime}
          onDate={(v) => set('submissionsClose', v)}
          onTime={(v) => set('closeTime', v)}
          dateError={error('submissionsClose')}
          timeError={error('closeTime')}
        />
        <Checkbox
          id={periodFieldId('ifSubmissionReopens')}
          label="Submissions reopen after they close"
          checked={values.ifSubmissionReopens}
          onChange={(checked) => set('ifSubmissionReopens', checked)}
        />
        {values.ifSubmissionReopens ? (
          <>
            <PeriodDateTime
              dateField="submissionsReopen"
              timeField="reopenTime"
              label="Submissions reopen"
              date={values.submissionsReopen}
              time={values.reopenTime}
              onDate={(v) => set('submissionsReopen', v)}
              onTime={(v) => set('reopenTime', v)}
              dateError={error('submissionsReopen')}
              timeError={error('reopenTime')}
            />
            <PeriodDateTime
              dateField="submissionsReclose"
              timeField="recloseTime"
              label="Submissions reclose"
              date={values.submissionsReclose}
              time={values.recloseTime}
              onDate={(v) => set('submissionsReclose', v)}
              onTime={(v) => set('recloseTime', v)}
              dateError={error('submissionsReclose')}
              timeError={error('recloseTime')}
            />
          </>
        ) : null}
        {period ? (
          <Select
            id={periodFieldId('formId')}
            label="Form version"
            hint="The version of the collection's form that submitters fill in for this period"
            value={values.formId}
            onChange={(v) => set('formId', v)}
            error={error('formId')}
            options={formOptions}
          />
        ) : (
          <p className="nhsuk-body">A new period uses the newest version of the collection's form.</p>
        )}
        <div className="nhsuk-button-group">
          <button className="nhsuk-button" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
          {period && !locked ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--warning"
              onClick={() => setConfirmDelete(true)}
              disabled={remove.isPending}
            >
              Delete
            </button>
          ) : null}
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => navigate(listPath)}
          >
            Cancel
          </button>
        </div>
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
