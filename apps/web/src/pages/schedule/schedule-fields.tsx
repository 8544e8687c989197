import { reportingCycle } from '@dcf/domain';
import { Checkbox, DateInput, Select, TextField } from '../../components';
import type { FieldBinding, TextKey } from '../../components/use-edit-form';
import { reportingCycleLabels, type ScheduleField, type ScheduleFormValues } from './schedule-form';

/** A schedule field's input id, which the error summary links to. */
export const fieldId = (field: string) => `schedule-${field}`;

/** The schedule's inputs: cycle, first and last period starts, days open, working days, reopening. */
export function ScheduleFields({
  values,
  set,
  error,
  field,
}: {
  values: ScheduleFormValues;
  set: <K extends ScheduleField>(field: K, value: ScheduleFormValues[K]) => void;
  error: (field: ScheduleField) => string | undefined;
  field: (key: TextKey<ScheduleFormValues>) => FieldBinding;
}) {
  return (
    <>
      <Select
        label="Reporting cycle"
        required
        options={reportingCycle.options.map((value) => ({ value, label: reportingCycleLabels[value] }))}
        {...field('reportingCycle')}
      />
      <DateInput required label="First reporting period start" {...field('firstReportingPeriodStart')} />
      <DateInput required label="Last reporting period start" {...field('lastReportingPeriodStart')} />
      <TextField
        name="daysOpen"
        required
        inputMode="numeric"
        width={10}
        label="Days open"
        hint="The deadline is the end of this day, counting the day submissions open as day 1"
        {...field('daysOpen')}
      />
      <Checkbox
        id={fieldId('includeWorkingDaysOnly')}
        label="Count working days only (Monday to Friday, not bank holidays in England and Wales)"
        checked={values.includeWorkingDaysOnly}
        error={error('includeWorkingDaysOnly')}
        onChange={(checked) => set('includeWorkingDaysOnly', checked)}
      />
      <TextField
        name="reopenAfterDays"
        inputMode="numeric"
        width={10}
        label="Reopen after (days)"
        hint="Leave both reopening fields empty if submissions do not reopen"
        optional
        {...field('reopenAfterDays')}
      />
      <TextField
        name="stayReopenForDays"
        inputMode="numeric"
        width={10}
        label="Stay reopened for (days)"
        optional
        {...field('stayReopenForDays')}
      />
    </>
  );
}
