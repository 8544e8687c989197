import { describe, expect, it } from 'vitest';
import { auditActionText, auditEntityText } from './audit-words';

describe('the audit log in words', () => {
  it('names every action and record the API writes in words', () => {
    expect(auditActionText('reminder.send')).toBe('Reminder sent');
    expect(auditActionText('submission.nhsiAuthorise')).toBe('Return authorised for NHSI');
    expect(auditActionText('organisation.sync.add')).toBe('Organisation added by the register');
    expect(auditEntityText('reportingPeriod')).toBe('Reporting period');
    expect(auditEntityText('submission')).toBe('Return');
  });

  it('puts an action it does not know into words from its code, never the code itself', () => {
    expect(auditActionText('submission.sendForSignOff')).toBe('Return: send for sign off');
    expect(auditActionText('widget.reTune.now')).toBe('Widget: re tune now');
    expect(auditActionText('collection')).toBe('Collection');
    expect(auditEntityText('odsSyncRun')).toBe('Register sync');
    expect(auditEntityText('someNewThing')).toBe('Some new thing');
  });
});
