import type { PeriodSubmissionList } from '@dcf/domain';
import { useCollection } from '../../api/collections';
import { useFeatureFlags } from '../../api/feature-flags';
import { nonSubmittersCsvUrl } from '../../api/views';
import type { NotificationProps } from '../../components';
import { ExportButtons } from './exports/export-buttons';
import { reminderUnavailable, SendReminder } from './send-reminder';

/**
 * What a manager does with a period: chase the organisations that have not completed
 * (non-submitters CSV, 'Send reminder') and export the returns. Shown only to users the API lets
 * monitor the collection (the collection's `abilities.canMonitor`, the same rule as the routes).
 */
export function PeriodActions({
  period,
  notify,
}: {
  period: PeriodSubmissionList['period'];
  notify: (notification: Omit<NotificationProps, 'onClose'>) => void;
}) {
  const collection = useCollection(period.collectionId);
  const flags = useFeatureFlags();
  if (!collection.data?.abilities.canMonitor) return null;
  const unavailable = reminderUnavailable({
    periodStatus: period.reportingPeriodStatus,
    emailOn:
      Boolean(flags.data?.EMAILENABLED) &&
      collection.data.isEmailEnabled &&
      collection.data.status === 'published',
  });
  return (
    <>
      <h2 className="nhsuk-heading-m">Chase organisations that have not completed</h2>
      <div className="nhsuk-button-group">
        <a className="nhsuk-button nhsuk-button--secondary" href={nonSubmittersCsvUrl(period.id)} download>
          Download non-submitters (CSV)
        </a>
        {unavailable || !flags.data ? null : (
          <SendReminder
            collectionId={period.collectionId}
            periodId={period.id}
            periodName={period.name}
            notify={notify}
          />
        )}
      </div>
      {unavailable && flags.data ? <p className="nhsuk-body">{unavailable}</p> : null}
      <h2 className="nhsuk-heading-m">Export returns</h2>
      <ExportButtons collectionId={period.collectionId} periodId={period.id} subject={period.name} />
    </>
  );
}
