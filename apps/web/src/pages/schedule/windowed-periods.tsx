import { type ReactNode, useState } from 'react';
import { scheduleWindow, type WindowPeriod } from './schedule-window';

/**
 * The schedule view's window on screen: the periods it shows (given to `children`), with 'Show earlier'
 * above and 'Show later' below while periods are still hidden on that side.
 */
export function WindowedPeriods<P extends WindowPeriod>({
  periods,
  small = false,
  children,
}: {
  periods: readonly P[];
  /** Small buttons, where the periods are one of several lists on the page. */
  small?: boolean;
  children: (visible: P[]) => ReactNode;
}) {
  const [earlier, setEarlier] = useState(0);
  const [later, setLater] = useState(0);
  const { visible, hiddenEarlier, hiddenLater } = scheduleWindow(periods, earlier, later);
  const className = `nhsuk-button nhsuk-button--secondary${small ? ' nhsuk-button--small' : ''}`;
  return (
    <>
      {hiddenEarlier > 0 ? (
        <button type="button" className={className} onClick={() => setEarlier((n) => n + 1)}>
          Show earlier
        </button>
      ) : null}
      {children(visible)}
      {hiddenLater > 0 ? (
        <button type="button" className={className} onClick={() => setLater((n) => n + 1)}>
          Show later
        </button>
      ) : null}
    </>
  );
}
