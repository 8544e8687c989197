import { useCallback, useState } from 'react';
import type { NotificationProps } from './notification';

export type NotificationState = Omit<NotificationProps, 'onClose'> & { id: number };

let nextId = 1;

/**
 * Page-level notification state for PageContainer:
 * `const { notification, notify, clear } = useNotification(); notify({ variant: 'success', message: 'Saved' });`
 * Each call shows a fresh notification (its timer restarts) even when the text is the same.
 */
export function useNotification() {
  const [notification, setNotification] = useState<NotificationState | null>(null);
  const notify = useCallback((next: Omit<NotificationProps, 'onClose'>) => {
    nextId += 1;
    setNotification({ ...next, id: nextId });
  }, []);
  const clear = useCallback(() => setNotification(null), []);
  return { notification, notify, clear };
}
