import { reportingCycle } from '@dcf/domain';
import { Checkbox, DateInput, Select, TextField } from '../../components';
import { reportingCycleLabels, type ScheduleField, type ScheduleFormValues } from './schedule-form';

/** A schedule field's input id, which the error summary links to. */
export const fieldId = (field: string) => `schedule-${field}`;

/** The schedule's inputs: cycle, first and last period starts, days open, working days, reopening. */
export function ScheduleFields({
  values,
  set,
  error,
}: {
  values: ScheduleFormValues;
  set: <K extends ScheduleField>(field: K, value: ScheduleFormValues[K]) => void;
  error: (field: ScheduleField) => string | undefined;
}) {
  return (
    <>
      <Select
        id={fieldId('reportingCycle')}
        label="Reporting cycle"
        required
        value={values.reportingCycle}
        error={error('reportingCycle')}
        onChange={(v) => set('reportingCycle', v)}
        options={reportingCycle.options.map((value) => ({ value, label: reportingCycleLabels[value] }))}
      />
      <DateInput
        id={fieldId('firstReportingPeriodStart')}
        required
        label="First reporting period start"
        value={values.firstReportingPeriodStart}
        error={error('firstReportingPeriodStart')}
        onChange={(v) => set('firstReportingPeriodStart', v)}
      />
      <DateInput
        id={fieldId('lastReportingPeriodStart')}
        required
        label="Last reporting period start"
        value={values.lastReportingPeriodStart}
        error={error('lastReportingPeriodStart')}
        onChange={(v) => set('lastReportingPeriodStart', v)}
      />
      <TextField
        id={fieldId('daysOpen')}
        name="daysOpen"
        required
        inputMode="numeric"
        width={10}
        label="Days open"
        hint="The deadline is the end of this day, counting the day submissions open as day 1"
        value={values.daysOpen}
        error={error('daysOpen')}
        onChange={(v) => set('daysOpen', v)}
      />
      <Checkbox
        id={fieldId('includeWorkingDaysOnly')}
        label="Count working days only (Monday to Friday, not bank holidays in England and Wales)"
        checked={values.includeWorkingDaysOnly}
        error={error('includeWorkingDaysOnly')}
        onChange={(checked) => set('includeWorkingDaysOnly', checked)}
      />
      <TextField
        id={fieldId('reopenAfterDays')}
        name="reopenAfterDays"
        inputMode="numeric"
        width={10}
        label="Reopen after (days)"
        hint="Leave both reopening fields empty if submissions do not reopen"
        optional
        value={values.reopenAfterDays}
        error={error('reopenAfterDays')}
        onChange={(v) => set('reopenAfterDays', v)}
      />
      <TextField
        id={fieldId('stayReopenForDays')}
        name="stayReopenForDays"
        inputMode="numeric"
        width={10}
        label="Stay reopened for (days)"
        optional
        value={values.stayReopenForDays}
        error={error('stayReopenForDays')}
        onChange={(v) => set('stayReopenForDays', v)}
      />
    </>
  );
}
