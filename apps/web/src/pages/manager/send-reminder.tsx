import { messages, type ReportingPeriodStatus, type SendReminderResult } from '@dcf/domain';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useReminderReach, useSendReminder } from '../../api/notifications';
import { type NotificationProps, Spinner, YesNoModal } from '../../components';

type Notify = (notification: Omit<NotificationProps, 'onClose'>) => void;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The outcome in words: how many were chased, and why the others were not. */
export function reminderOutcome(result: SendReminderResult): Omit<NotificationProps, 'onClose'> {
  const skipped =
    result.alreadyChasedToday > 0
      ? `${plural(result.alreadyChasedToday, 'organisation')} already chased today ${
          result.alreadyChasedToday === 1 ? 'was' : 'were'
        } not emailed again.`
      : '';
  if (result.chased === 0)
    return {
      variant: 'warn',
      title: 'No reminder sent',
      message:
        skipped || 'No organisation that has not completed has a data entry clerk or authoriser to email.',
      stayOpen: true,
    };
  return {
    variant: 'success',
    title: 'Reminder sent',
    message: [
      `Reminder sent to ${plural(result.chased, 'organisation')} (${plural(result.emails, 'email')}).`,
      ...(skipped ? [skipped] : []),
    ],
    // The figures are worth reading: the banner stays until closed.
    stayOpen: true,
  };
}

/**
 * 'Send reminder' on a period's monitoring screen: asks first, saying how many organisations
 * and people will be emailed (counted by the server when asked: one small answer at any scale), then
 * tells the outcome. The API emails only organisations not completed and chases each at most once a
 * day (decision 0010); it answers once the chases are recorded and sends the emails from its queue.
 */
export function SendReminder({
  collectionId,
  periodId,
  periodName,
  notify,
}: {
  collectionId: number;
  periodId: number;
  periodName: string;
  notify: Notify;
}) {
  const [asking, setAsking] = useState(false);
  const reachQuery = useReminderReach(collectionId, periodId, asking);
  const send = useSendReminder(collectionId, periodId);
  const reach = reachQuery.data ?? null;

  const confirm = () => {
    setAsking(false);
    send.mutate(
      {},
      {
        onSuccess: (result) => notify(reminderOutcome(result)),
        onError: (error) => notify({ variant: 'error', message: errorMessage(error) }),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        disabled={send.isPending}
        onClick={() => setAsking(true)}
      >
        {send.isPending ? 'Sending reminder…' : 'Send reminder'}
      </button>
      <YesNoModal
        open={asking}
        title="Send a reminder?"
        yesLabel="Send reminder"
        noLabel="Cancel"
        onYes={confirm}
        onNo={() => setAsking(false)}
      >
        {reachQuery.isPending ? <Spinner block /> : null}
        {reachQuery.isError ? <p className="nhsuk-body">{errorMessage(reachQuery.error)}</p> : null}
        {reach ? (
          <>
            <p className="nhsuk-body">
              {reach.organisations === 0
                ? `No organisation that has not completed ${periodName} has a data entry clerk or authoriser to email.`
                : `This will email ${plural(reach.people, 'data entry clerk or authoriser', 'data entry clerks and authorisers')} of ${plural(reach.organisations, 'organisation')} that ${reach.organisations === 1 ? 'has' : 'have'} not completed ${periodName}.`}
            </p>
            {reach.nobodyToEmail > 0 ? (
              <p className="nhsuk-body">
                {plural(reach.nobodyToEmail, 'organisation')} not completed{' '}
                {reach.nobodyToEmail === 1 ? 'has' : 'have'} nobody to email: the non-submitters list shows{' '}
                {reach.nobodyToEmail === 1 ? 'it' : 'them'}.
              </p>
            ) : null}
            <p className="nhsuk-body">
              {reach.alreadyChasedToday > 0
                ? `${plural(reach.alreadyChasedToday, 'organisation')} already chased today ${reach.alreadyChasedToday === 1 ? 'is' : 'are'} not emailed again.`
                : 'An organisation already chased today is not emailed again.'}
            </p>
          </>
        ) : null}
      </YesNoModal>
    </>
  );
}

/** Why reminders cannot be sent now, or null when they can. */
export function reminderUnavailable({
  emailOn,
  periodStatus,
}: {
  emailOn: boolean;
  periodStatus: ReportingPeriodStatus;
}): string | null {
  if (periodStatus === 'Future') return `${messages.reminderPeriodNotOpen}.`;
  if (periodStatus === 'Closed') return `${messages.reminderPeriodClosed}.`;
  if (!emailOn) return `${messages.emailSwitchedOff}: reminders cannot be sent.`;
  return null;
}
