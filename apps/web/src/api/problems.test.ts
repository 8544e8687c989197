import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { fieldErrorsOf, hasCode, problemMessages, problemText } from './problems';

const failure = (status: number, body: object) => new ApiError(status, { status, ...body });

describe('reading a failed call by its code', () => {
  it('exposes the code on the error, and a stale save is known by its code whatever the title says', () => {
    const stale = failure(409, { code: 'stale_revision', title: 'Any words at all' });
    expect(stale.code).toBe('stale_revision');
    expect(hasCode(stale, 'stale_revision')).toBe(true);
    expect(hasCode(failure(409, { title: messages.submissionStale }), 'stale_revision')).toBe(false);
  });

  it("gives a validation failure's field messages, and nothing else does", () => {
    const invalid = failure(400, { code: 'validation_failed', errors: { name: ['Enter a name'] } });
    expect(fieldErrorsOf(invalid)).toEqual({ name: ['Enter a name'] });
    expect(problemMessages(invalid)).toEqual(['Enter a name']);
    expect(fieldErrorsOf(failure(409, { code: 'already_exists', title: 'Taken' }))).toBeNull();
    expect(fieldErrorsOf(new Error('no'))).toBeNull();
  });

  it("shows a conflict's title and detail, a refusal's reason, else the status's message", () => {
    const archived = failure(409, {
      code: 'collection_archived',
      title: 'An archived collection cannot be changed',
      detail: 'Restore it (publish) first.',
    });
    expect(problemText(archived)).toBe('An archived collection cannot be changed');
    expect(problemMessages(archived)).toEqual([
      'An archived collection cannot be changed',
      'Restore it (publish) first.',
    ]);
    const refused = failure(403, { code: 'forbidden', title: 'Forbidden', detail: 'Only an authoriser can' });
    expect(problemText(refused)).toBe('Only an authoriser can');
    expect(problemMessages(refused)).toEqual([messages.forbidden]);
    expect(problemText(failure(500, { code: 'internal_error', title: 'x' }))).toBe(
      messages.somethingWentWrong,
    );
    expect(problemText(failure(409, { code: 'some_newer_code', title: 'x' }))).toBe(
      messages.somethingWentWrong,
    );
  });

  it('shows a form that cannot be checked in one line: the title, where it stopped and who can mend it', () => {
    const over = failure(422, {
      code: 'form_cannot_be_checked',
      title: 'This form cannot be checked',
      detail: "Checking the answers took longer than allowed. It stopped at the question 'Beds'.",
    });
    const line =
      "This form cannot be checked. Checking the answers took longer than allowed. It stopped at the question 'Beds'.";
    expect(problemText(over)).toBe(line);
    expect(problemMessages(over)).toEqual([line]);
  });
});
