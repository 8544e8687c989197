import { type NonSubmitterList, organisationRoleLabels, periodSubmissionStatusLabels } from '@dcf/domain';
import { csvLine } from '../../platform/csv';

export const nonSubmitterCsvHeader = [
  'Organisation code',
  'Organisation name',
  'Status',
  'Role',
  'Name',
  'Email',
] as const;

/**
 * One row per contact (clerk or authoriser); an organisation without any still gets one row. Statuses
 * and roles in words ('Not started', 'Data entry clerk'), as every export (product decisions, Monitoring).
 */
export function nonSubmittersCsv(list: NonSubmitterList): string {
  let text = csvLine(nonSubmitterCsvHeader);
  for (const o of list.items) {
    const status = periodSubmissionStatusLabels[o.status];
    if (o.contacts.length === 0) text += csvLine([o.code, o.name, status, '', '', '']);
    for (const c of o.contacts)
      text += csvLine([o.code, o.name, status, organisationRoleLabels[c.role], c.name, c.email]);
  }
  return text;
}
