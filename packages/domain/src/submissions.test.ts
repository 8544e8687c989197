import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { cleanSubmissionContent, lockExpiry, lockedByMessage, submissionWindow } from './submissions';

describe('cleanSubmissionContent', () => {
  it('drops empty values at any depth and keeps 0 and false', () => {
    expect(
      cleanSubmissionContent({
        a: '',
        b: '   ',
        c: null,
        d: [],
        e: {},
        f: 0,
        g: false,
        h: 'text',
        grid: [{ n: '' }, { n: 2, m: null }, {}],
        nested: { inner: { x: '' } },
      }),
    ).toEqual({ f: 0, g: false, h: 'text', grid: [{ n: 2 }] });
  });

  it('keeps strings as typed (no trimming of an answer)', () => {
    expect(cleanSubmissionContent({ a: ' x ' })).toEqual({ a: ' x ' });
  });
});

describe('submissionWindow', () => {
  const period = {
    submissionsOpen: '2026-05-01T00:00:00Z',
    submissionsClose: '2026-05-21T00:00:00Z',
    submissionsReopen: null,
    submissionsReclose: null,
  };
  it('is open between open and close (close exclusive)', () => {
    expect(submissionWindow({ ...period, reopenedUntil: null }, new Date('2026-05-10T12:00:00Z'))).toEqual({
      isOpen: true,
      reason: null,
      code: null,
    });
    expect(submissionWindow({ ...period, reopenedUntil: null }, new Date('2026-05-21T00:00:00Z'))).toEqual({
      isOpen: false,
      reason: messages.submissionPeriodClosed,
      code: 'period_closed',
    });
  });
  it('names a future period as not open yet', () => {
    expect(submissionWindow({ ...period, reopenedUntil: null }, new Date('2026-04-30T23:59:59Z'))).toEqual({
      isOpen: false,
      reason: messages.submissionPeriodNotOpen,
      code: 'period_not_open',
    });
  });
  it('a per-organisation reopen opens it until that instant', () => {
    const reopened = { ...period, reopenedUntil: '2026-05-25T00:00:00Z' };
    expect(submissionWindow(reopened, new Date('2026-05-24T23:00:00Z')).isOpen).toBe(true);
    expect(submissionWindow(reopened, new Date('2026-05-25T00:00:00Z')).isOpen).toBe(false);
  });
  it('the period’s own reopen window counts', () => {
    const withReopen = {
      ...period,
      submissionsReopen: '2026-06-01T00:00:00Z',
      submissionsReclose: '2026-06-05T00:00:00Z',
      reopenedUntil: null,
    };
    expect(submissionWindow(withReopen, new Date('2026-06-02T00:00:00Z')).isOpen).toBe(true);
  });
});

describe('lock helpers', () => {
  it('says who holds the lock since when, in London time', () => {
    // 13:05 UTC is 14:05 in London in summer time.
    expect(lockedByMessage('Casey Clerk', '2026-07-01T13:05:00Z')).toBe('Locked by Casey Clerk since 14:05');
    expect(lockedByMessage('Casey Clerk', new Date('2026-01-15T09:30:00Z'))).toBe(
      'Locked by Casey Clerk since 09:30',
    );
  });
  it('a lock lapses 20 minutes after it was taken or renewed', () => {
    expect(lockExpiry(new Date('2026-01-01T10:00:00Z')).toISOString()).toBe('2026-01-01T10:20:00.000Z');
  });
});
