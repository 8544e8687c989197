import type { NonSubmitterList } from '@dcf/domain';

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is prefixed
 * with an apostrophe so a spreadsheet never runs a name or email as a formula (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

export const nonSubmitterCsvHeader = [
  'Organisation code',
  'Organisation name',
  'Status',
  'Role',
  'Name',
  'Email',
] as const;

/** One row per contact (clerk or authoriser); an organisation without any still gets one row. */
export function nonSubmittersCsv(list: NonSubmitterList): string {
  let text = csvLine(nonSubmitterCsvHeader);
  for (const o of list.items) {
    if (o.contacts.length === 0) text += csvLine([o.code, o.name, o.status, '', '', '']);
    for (const c of o.contacts) text += csvLine([o.code, o.name, o.status, c.role, c.name, c.email]);
  }
  return text;
}
