import { type ReportingPeriodBody, type ReportingPeriodDto, toLondon } from '@dcf/domain';

/**
 * The reporting period form's fields as the inputs hold them (text). Each submissions instant is a
 * London calendar date plus a London wall-clock time, the shape `validateReportingPeriod` reads with its
 * time fields (`openTime` for `submissionsOpen`, ...), so the browser and the API give the same messages.
 */
export interface PeriodFormValues {
  name: string;
  start: string;
  end: string;
  submissionsOpen: string;
  openTime: string;
  submissionsClose: string;
  closeTime: string;
  ifSubmissionReopens: boolean;
  submissionsReopen: string;
  reopenTime: string;
  submissionsReclose: string;
  recloseTime: string;
  formId: string;
}

export type PeriodField = keyof PeriodFormValues;

/** What the period screens read of a form version (GET /Collection/{id}/Form). */
export interface FormVersionChoice {
  id: number;
  version: number;
  createdAt: string;
}

export const emptyPeriodForm: PeriodFormValues = {
  name: '',
  start: '',
  end: '',
  submissionsOpen: '',
  openTime: '00:00',
  submissionsClose: '',
  closeTime: '00:00',
  ifSubmissionReopens: false,
  submissionsReopen: '',
  reopenTime: '00:00',
  submissionsReclose: '',
  recloseTime: '00:00',
  formId: '',
};

/** Field order and labels, shared by the form and the error summary (its links follow this order). */
export const periodFieldLabels: readonly (readonly [PeriodField, string])[] = [
  ['name', 'Name'],
  ['start', 'Start date'],
  ['end', 'End date'],
  ['submissionsOpen', 'Submissions open date'],
  ['openTime', 'Submissions open time'],
  ['submissionsClose', 'Submissions close date'],
  ['closeTime', 'Submissions close time'],
  ['ifSubmissionReopens', 'Submissions reopen'],
  ['submissionsReopen', 'Submissions reopen date'],
  ['reopenTime', 'Submissions reopen time'],
  ['submissionsReclose', 'Submissions reclose date'],
  ['recloseTime', 'Submissions reclose time'],
  ['formId', 'Form version'],
];

/** The id of a field's input, for labels and the error summary's links. */
export const periodFieldId = (field: PeriodField) => `period-${field}`;

/** An instant as the London date and time the form shows (seconds only when not zero). */
function londonParts(instant: string | null): { date: string; time: string } {
  const london = toLondon(instant);
  if (!london) return { date: '', time: '00:00' };
  return { date: london.toFormat('yyyy-MM-dd'), time: london.toFormat(london.second ? 'HH:mm:ss' : 'HH:mm') };
}

export function periodFormFrom(period: ReportingPeriodDto): PeriodFormValues {
  const open = londonParts(period.submissionsOpen);
  const close = londonParts(period.submissionsClose);
  const reopen = londonParts(period.submissionsReopen);
  const reclose = londonParts(period.submissionsReclose);
  return {
    name: period.name,
    start: period.start,
    end: period.end,
    submissionsOpen: open.date,
    openTime: open.time,
    submissionsClose: close.date,
    closeTime: close.time,
    ifSubmissionReopens: period.ifSubmissionReopens,
    submissionsReopen: reopen.date,
    reopenTime: reopen.time,
    submissionsReclose: reclose.date,
    recloseTime: reclose.time,
    formId: period.formId === null ? '' : String(period.formId),
  };
}

/**
 * The API body (POST / PUT /Collection/{id}/ReportingPeriod). Without reopening, the reopen fields are
 * sent empty so a period that stops reopening loses its reopen dates. formId is sent on update only.
 */
export function periodBodyFrom(values: PeriodFormValues, isUpdate: boolean): ReportingPeriodBody {
  const reopens = values.ifSubmissionReopens;
  return {
    name: values.name,
    start: values.start,
    end: values.end,
    submissionsOpen: values.submissionsOpen,
    openTime: values.openTime,
    submissionsClose: values.submissionsClose,
    closeTime: values.closeTime,
    ifSubmissionReopens: reopens,
    submissionsReopen: reopens ? values.submissionsReopen : null,
    submissionsReclose: reopens ? values.submissionsReclose : null,
    ...(reopens ? { reopenTime: values.reopenTime, recloseTime: values.recloseTime } : {}),
    ...(isUpdate && values.formId ? { formId: Number(values.formId) } : {}),
  };
}
