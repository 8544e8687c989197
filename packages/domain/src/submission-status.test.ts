import { describe, expect, it } from 'vitest';
import { londonToInstant } from './schedules';
import {
  deadlineText,
  displayStateFor,
  organisationDeadline,
  organisationWindowStatus,
  type SubmissionFacts,
  submissionStatusAt,
} from './submission-status';

/** London wall-clock instants: May and June are BST (UTC+1), so each is an hour before in UTC. */
const at = (date: string, time = '00:00:00') => new Date(londonToInstant(date, time));
const second = (instant: Date, delta: number) => new Date(instant.getTime() + delta * 1000);

const open = at('2026-05-01');
const close = at('2026-05-21');
const reopen = at('2026-06-01');
const reclose = at('2026-06-08');
const period = {
  submissionsOpen: open,
  submissionsClose: close,
  submissionsReopen: reopen,
  submissionsReclose: reclose,
  ifSubmissionReopens: true,
};

const none = null;
const started: SubmissionFacts = {
  status: 'draft',
  currentRevisionId: null,
  officialRevisionId: null,
  reopenedUntil: null,
};
const draft: SubmissionFacts = { ...started, currentRevisionId: 1 };
const completed: SubmissionFacts = {
  status: 'completed',
  currentRevisionId: 2,
  officialRevisionId: 2,
  reopenedUntil: null,
};
const amending: SubmissionFacts = {
  status: 'draft',
  currentRevisionId: 3,
  officialRevisionId: 2,
  reopenedUntil: null,
};

describe('submissionStatusAt at every boundary (London times)', () => {
  it('uses London wall-clock instants', () => {
    expect(open.toISOString()).toBe('2026-04-30T23:00:00.000Z');
  });

  it.each([
    ['a second before open', second(open, -1), 'notYetRequired', 'notYetRequired', 'notYetRequired'],
    ['at open', open, 'notStarted', 'draft', 'completed'],
    ['a second after open', second(open, 1), 'notStarted', 'draft', 'completed'],
    ['a second before close', second(close, -1), 'notStarted', 'draft', 'completed'],
    ['at close', close, 'missed', 'missed', 'completed'],
    ['a second after close', second(close, 1), 'missed', 'missed', 'completed'],
    ['a second before reopen', second(reopen, -1), 'missed', 'missed', 'completed'],
    ['a second after reopen', second(reopen, 1), 'notStarted', 'draft', 'completed'],
    ['a second before reclose', second(reclose, -1), 'notStarted', 'draft', 'completed'],
    ['a second after reclose', second(reclose, 1), 'missed', 'missed', 'completed'],
  ] as const)('%s: nothing %s, draft %s, completed %s', (_label, instant, nothing, saved, done) => {
    expect(submissionStatusAt(period, none, instant)).toBe(nothing);
    expect(submissionStatusAt(period, draft, instant)).toBe(saved);
    expect(submissionStatusAt(period, completed, instant)).toBe(done);
  });

  it('counts a submission row without a revision (a lock taken, nothing saved) as notStarted, then missed', () => {
    expect(submissionStatusAt(period, started, second(open, 1))).toBe('notStarted');
    expect(submissionStatusAt(period, started, second(close, 1))).toBe('missed');
  });

  it('shows an amended completed return as draft while open, and completed once closed (the official one stands)', () => {
    expect(submissionStatusAt(period, amending, second(close, -1))).toBe('draft');
    expect(submissionStatusAt(period, amending, second(close, 1))).toBe('completed');
  });

  it('ignores the reopen instants when the period does not reopen', () => {
    const noReopen = { ...period, ifSubmissionReopens: false };
    expect(submissionStatusAt(noReopen, draft, second(reopen, 1))).toBe('missed');
  });

  describe('a per-organisation reopen after close', () => {
    const until = at('2026-05-25', '17:00:00');
    const reopened = { ...draft, reopenedUntil: until };
    it.each([
      ['a second after close', second(close, 1), 'draft', 'Open'],
      ['a second before the extension ends', second(until, -1), 'draft', 'Open'],
      ['at the extension end', until, 'missed', 'Closed'],
      ['a second after the extension ends', second(until, 1), 'missed', 'Closed'],
    ] as const)('%s: %s', (_label, instant, status, window) => {
      expect(submissionStatusAt(period, reopened, instant)).toBe(status);
      expect(organisationWindowStatus(period, until, instant)).toBe(window);
    });
    it('only for that organisation: another one has missed', () => {
      expect(submissionStatusAt(period, draft, second(close, 1))).toBe('missed');
    });
    it('a completed return after the reopen is completed', () => {
      expect(submissionStatusAt(period, { ...completed, reopenedUntil: until }, second(until, 1))).toBe(
        'completed',
      );
    });
  });
});

describe('displayStateFor', () => {
  it.each([
    ['notYetRequired', 'Future', 'Future'],
    ['notStarted', 'Open', 'Open'],
    ['draft', 'Open', 'Open'],
    ['completed', 'Open', 'Complete'],
    ['completed', 'Closed', 'Complete'],
    ['missed', 'Closed', 'Missed'],
  ] as const)('%s in a %s window shows %s', (status, window, shown) => {
    expect(displayStateFor(status, window)).toBe(shown);
  });
});

describe('deadlines', () => {
  it('names the end of the window the organisation is in', () => {
    expect(organisationDeadline(period, null, second(open, 1))).toEqual(close);
    expect(organisationDeadline(period, null, second(reopen, 1))).toEqual(reclose);
    expect(organisationDeadline(period, null, second(reopen, -1))).toEqual(close);
    expect(organisationDeadline(period, null, second(reclose, 1))).toEqual(reclose);
    const until = at('2026-05-25', '17:00:00');
    expect(organisationDeadline(period, until, second(close, 1))).toEqual(until);
  });

  it.each([
    ['a second before open', second(open, -1), 'opens on 1 May 2026'],
    ['at open (the last day is 20 May)', open, 'closes in 19 days'],
    ['on the second-last day', at('2026-05-19', '09:00:00'), 'closes tomorrow'],
    ['on the last day', at('2026-05-20', '23:59:59'), 'closes today'],
    [
      'a second after close (exclusive midnight: the last day was 20 May)',
      second(close, 1),
      'closed on 20 May 2026',
    ],
    ['in the reopen window', second(reopen, 1), 'closes in 6 days'],
    ['after reclose', second(reclose, 1), 'closed on 7 June 2026'],
  ] as const)('%s: %s', (_label, instant, text) => {
    expect(deadlineText(period, null, instant)).toBe(text);
  });

  it('counts London days across the October clock change', () => {
    const autumn = { submissionsOpen: at('2026-10-20'), submissionsClose: at('2026-10-27') };
    expect(autumn.submissionsClose.toISOString()).toBe('2026-10-27T00:00:00.000Z');
    expect(deadlineText(autumn, null, at('2026-10-24', '23:30:00'))).toBe('closes in 2 days');
    expect(deadlineText(autumn, null, at('2026-10-26', '23:59:59'))).toBe('closes today');
    expect(deadlineText(autumn, null, at('2026-10-27'))).toBe('closed on 26 October 2026');
  });

  it('a close at a set time closes on its own day', () => {
    const afternoon = { submissionsOpen: at('2026-05-01'), submissionsClose: at('2026-05-08', '17:00:00') };
    expect(deadlineText(afternoon, null, at('2026-05-08', '16:59:59'))).toBe('closes today');
    expect(deadlineText(afternoon, null, at('2026-05-08', '17:00:00'))).toBe('closed on 8 May 2026');
  });

  it('a reopened organisation reads the extension', () => {
    const until = at('2026-05-26');
    expect(deadlineText(period, until, second(close, 1))).toBe('closes in 4 days');
    expect(deadlineText(period, until, until)).toBe('closed on 25 May 2026');
  });
});
