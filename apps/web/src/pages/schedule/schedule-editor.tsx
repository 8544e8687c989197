import { type PeriodDiffDto, type ScheduleDto, validateSchedule } from '@dcf/domain';
import { useState } from 'react';
import { useApplySchedule, useReportingPeriodDiff } from '../../api/reporting-periods';
import { useCollectionSchedule, useDefaultSchedule, useSaveSchedule } from '../../api/schedules';
import {
  ErrorSummary,
  Notification,
  QueryState,
  SaveButton,
  UnsavedChangesPrompt,
  useNotification,
} from '../../components';
import { useEditForm } from '../../components/use-edit-form';
import { ScheduleDiff } from './schedule-diff';
import { fieldId, ScheduleFields } from './schedule-fields';
import {
  emptyScheduleForm,
  type ScheduleFormValues,
  sameScheduleForm,
  scheduleBodyFrom,
  scheduleFieldLabels,
  scheduleFormFrom,
} from './schedule-form';

/** A saved schedule's values, else an empty form. */
function initialSchedule(schedule: ScheduleDto | undefined): ScheduleFormValues {
  return schedule ? scheduleFormFrom(schedule) : emptyScheduleForm;
}

/**
 * The amend page's 'schedule' tab: the collection's schedule, previewed with Diff and applied with Bulk.
 * Without a saved schedule the form starts from the collection's default schedule (saving then creates
 * the collection's own schedule).
 */
export function ScheduleTab({ collectionId }: { collectionId: number }) {
  const query = useCollectionSchedule(collectionId);
  return (
    <QueryState query={query} isEmpty={() => false}>
      {() => (
        <ScheduleEditor
          collectionId={collectionId}
          isDefault={false}
          scheduleId={query.schedule?.id ?? null}
          initial={initialSchedule(query.schedule ?? query.defaultSchedule)}
        />
      )}
    </QueryState>
  );
}

/**
 * The amend page's 'default-schedule' tab. Before one is saved the API sends the specification's
 * placeholder values (section 9): their start and end pre-fill the first and last period start.
 */
export function DefaultScheduleTab({ collectionId }: { collectionId: number }) {
  const query = useDefaultSchedule(collectionId);
  return (
    <QueryState query={query} isEmpty={() => false}>
      {(data) => (
        <ScheduleEditor
          collectionId={collectionId}
          isDefault
          scheduleId={data.id}
          initial={
            data.isPlaceholder
              ? {
                  ...emptyScheduleForm,
                  firstReportingPeriodStart: data.start,
                  lastReportingPeriodStart: data.end,
                }
              : scheduleFormFrom(data)
          }
        />
      )}
    </QueryState>
  );
}

export interface ScheduleEditorProps {
  collectionId: number;
  isDefault: boolean;
  scheduleId: number | null;
  initial: ScheduleFormValues;
}

export function ScheduleEditor({ collectionId, isDefault, scheduleId, initial }: ScheduleEditorProps) {
  const [saved, setSaved] = useState(initial);
  const { values, set, errors, error, field, failure, summary, check, showFailure } = useEditForm(
    initial,
    fieldId,
  );
  const [preview, setPreview] = useState<{ diff: PeriodDiffDto; of: ScheduleFormValues } | null>(null);
  const [id, setId] = useState(scheduleId);
  const { notification, notify, clear } = useNotification();
  const save = useSaveSchedule(collectionId);
  const diff = useReportingPeriodDiff(collectionId);
  const apply = useApplySchedule(collectionId);

  const listed = scheduleFieldLabels.filter(([field]) => errors[field]?.[0]);
  const body = () => scheduleBodyFrom(values, isDefault);

  /** Checks the form with the engine's own rules; shows the messages and answers false when invalid. */
  const checkSchedule = (): boolean => {
    const result = validateSchedule(body());
    return check(result.success ? {} : result.errors);
  };

  const onSave = async () => {
    if (!checkSchedule()) throw new Error('invalid');
    try {
      const result: ScheduleDto = await save.mutateAsync({ id, body: body() });
      setId(result.id);
      setSaved(values);
    } catch (error) {
      showFailure(error);
      throw error;
    }
  };

  const onPreview = async () => {
    if (!checkSchedule()) return;
    const of = values;
    try {
      setPreview({ diff: await diff.mutateAsync(body()), of });
    } catch (error) {
      setPreview(null);
      showFailure(error);
    }
  };

  const onApply = async () => {
    if (!checkSchedule()) return;
    try {
      const { counts } = await apply.mutateAsync(body());
      setPreview(null);
      notify({
        variant: 'success',
        title: 'Schedule applied',
        message: `${counts.added} added, ${counts.changed} changed, ${counts.removed} removed, ${counts.kept} kept because they have submissions.`,
        stayOpen: true,
      });
    } catch (error) {
      showFailure(error);
    }
  };

  const previewIsCurrent = preview !== null && sameScheduleForm(preview.of, values);

  return (
    <div className="dcf-schedule-editor">
      <UnsavedChangesPrompt when={!sameScheduleForm(saved, values)} />
      {notification ? <Notification key={notification.id} {...notification} onClose={clear} /> : null}
      <ErrorSummary
        id="schedule-error-summary"
        ref={summary}
        items={listed.map(([field]) => ({ href: `#${fieldId(field)}`, message: error(field) ?? '' }))}
      />
      {failure ? <Notification variant="error" message={failure} /> : null}
      <h2 className="nhsuk-heading-m">{isDefault ? 'Default schedule' : 'Schedule'}</h2>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <ScheduleFields values={values} set={set} error={error} field={field} />
        <ScheduleActions
          onSave={onSave}
          preview={
            isDefault
              ? undefined
              : {
                  onPreview,
                  previewing: diff.isPending,
                  onApply,
                  canApply: previewIsCurrent && !apply.isPending,
                  applying: apply.isPending,
                }
          }
        />
        {isDefault || previewIsCurrent ? null : (
          <p className="nhsuk-hint">Preview the changes to the reporting periods before applying them.</p>
        )}
      </form>
      {previewIsCurrent && preview ? <ScheduleDiff diff={preview.diff} /> : null}
    </div>
  );
}

/** Save, and for a collection's schedule (not the default one) Preview changes and Apply. */
function ScheduleActions({
  onSave,
  preview,
}: {
  onSave: () => Promise<void>;
  preview:
    | {
        onPreview: () => void;
        previewing: boolean;
        onApply: () => void;
        canApply: boolean;
        applying: boolean;
      }
    | undefined;
}) {
  return (
    <div className="nhsuk-button-group">
      <SaveButton onSave={onSave}>Save schedule</SaveButton>
      {preview ? (
        <>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            disabled={preview.previewing}
            onClick={preview.onPreview}
          >
            {preview.previewing ? 'Working out changes...' : 'Preview changes'}
          </button>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            disabled={!preview.canApply}
            onClick={preview.onApply}
          >
            {preview.applying ? 'Applying...' : 'Apply'}
          </button>
        </>
      ) : null}
    </div>
  );
}
