import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { isValidTime, normaliseTime, timeFieldMessage } from './time-string';

describe('time strings', () => {
  it.each(['00:00', '23:59', '00:00:00', '23:59:59', '09:05:07'])('%s is valid', (value) => {
    expect(isValidTime(value)).toBe(true);
  });

  it.each(['24:00', '12:60', '12:00:60', '9:00', '12:0', '12:00:', '1200', '12:00:00.5', ' 12:00', ''])(
    '%s is not valid',
    (value) => {
      expect(isValidTime(value)).toBe(false);
    },
  );

  it('gives the spec messages', () => {
    expect(timeFieldMessage('')).toBe(messages.required);
    expect(timeFieldMessage(undefined)).toBe(messages.required);
    expect(timeFieldMessage('25:00')).toBe(messages.invalidTime);
    expect(timeFieldMessage(900)).toBe(messages.invalidTime);
    expect(timeFieldMessage('17:30')).toBeUndefined();
  });

  it('stores times with seconds', () => {
    expect(normaliseTime('17:30')).toBe('17:30:00');
    expect(normaliseTime('17:30:15')).toBe('17:30:15');
  });
});
