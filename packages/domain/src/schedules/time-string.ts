import { messages } from '../messages';

const timePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `HH:mm` or `HH:mm:ss` with hours 0-23 and minutes and seconds 0-59 (specification, section 5). */
export function isValidTime(value: string): boolean {
  const match = timePattern.exec(value);
  if (!match) return false;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  return hours <= 23 && minutes <= 59 && seconds <= 59;
}

/** The one message a time field shows ('Please fill in this field' or 'Enter a valid time'), or undefined. */
export function timeFieldMessage(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return messages.required;
  if (typeof value !== 'string' || !isValidTime(value)) return messages.invalidTime;
  return undefined;
}

/** `HH:mm:ss`, the form in which times are stored and shown (`09:30` -> `09:30:00`). */
export function normaliseTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value;
}
