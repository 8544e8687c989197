import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { Notification } from './notification';
import type { NotificationState } from './use-notification';
import { usePageTitle } from './use-page-title';

export interface PageContainerProps {
  /** The page's h1 and document title. */
  title?: string;
  /**
   * The pages above this one (after Home), for the breadcrumbs, which end with the title; `[]` for a
   * page just under Home. A page whose last crumb is not its title passes `breadcrumbs` instead.
   */
  trail?: readonly Crumb[];
  /** Shown above the title; e.g. a `<Breadcrumbs>`. */
  breadcrumbs?: ReactNode;
  /** From `useNotification()`; each new one replaces the last. */
  notification?: NotificationState | null;
  onNotificationClose?: () => void;
  children?: ReactNode;
}

/** The frame of every screen (specification, section 2): optional title and a dismissible notification. */
export function PageContainer({
  title,
  trail,
  breadcrumbs,
  notification,
  onNotificationClose,
  children,
}: PageContainerProps) {
  usePageTitle(title);
  return (
    <div className="dcf-page">
      {breadcrumbs ?? (trail && title ? <Breadcrumbs items={[...trail, { text: title }]} /> : null)}
      {notification ? (
        <Notification key={notification.id} {...notification} onClose={onNotificationClose} />
      ) : null}
      {title ? <h1 className="nhsuk-heading-l">{title}</h1> : null}
      {children}
    </div>
  );
}
