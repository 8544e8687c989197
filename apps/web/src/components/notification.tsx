import { constants } from '@dcf/domain/constants';
import { messages } from '@dcf/domain/messages';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';

export type NotificationVariant = 'success' | 'error' | 'warn' | 'none';

export interface NotificationProps {
  /** `none` shows nothing: the state of a page with no notification. */
  variant: NotificationVariant;
  /** Banner title; for errors the heading, which defaults to 'There is a problem'. */
  title?: string;
  /** One message, or a list (errors show each as an item). */
  message?: string | readonly string[];
  /** Close by itself after `autoCloseMs`. Defaults to true for success, false otherwise. */
  autoClose?: boolean;
  autoCloseMs?: number;
  /** Never close by itself, whatever `autoClose` says. */
  stayOpen?: boolean;
  /** Offer a Close button. Default true. */
  dismissible?: boolean;
  /**
   * Move focus to it when it appears: an error summary (NHS.UK pattern after a failed submit) and a
   * banner that stays open (the outcome of an action, product decisions "The return between people"),
   * so it is read out and scrolled into view wherever the button was. Default: true for those two.
   */
  focusOnShow?: boolean;
  /** Called once when it closes, by timer or by the Close button. */
  onClose?: () => void;
}

function asList(message: NotificationProps['message']): readonly string[] {
  if (message === undefined) return [];
  return typeof message === 'string' ? [message] : message;
}

/**
 * A page notification in NHS.UK style (specification, sections 2 and 4): success and warn are
 * notification banners; error is the NHS.UK error summary under 'There is a problem', focused when it
 * appears so keyboard and screen reader users land on it. Success closes itself after 5000 ms by default,
 * which suits only notices that confirm nothing one must know (a download done); the outcome of an
 * action is given `stayOpen`: it stays until dismissed and takes focus (WCAG 2.2.1, product decisions).
 * Give it a new `key` to show a new notification.
 */
export function Notification({
  variant,
  title,
  message,
  autoClose,
  autoCloseMs = constants.notificationAutoCloseMs,
  stayOpen = false,
  dismissible = true,
  focusOnShow,
  onClose,
}: NotificationProps) {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const bannerRef = useRef<HTMLElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const closesItself = !stayOpen && (autoClose ?? variant === 'success') && variant !== 'none';

  useEffect(() => {
    if (!open || !closesItself) return;
    const timer = setTimeout(() => {
      setOpen(false);
      onCloseRef.current?.();
    }, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, closesItself, autoCloseMs]);

  const takesFocus = focusOnShow ?? (variant === 'error' || stayOpen);
  useEffect(() => {
    if (!open || !takesFocus) return;
    if (variant === 'error') summaryRef.current?.focus();
    else bannerRef.current?.focus();
  }, [open, variant, takesFocus]);

  if (!open || variant === 'none') return null;

  const items = [...new Set(asList(message))];
  const close = () => {
    setOpen(false);
    onCloseRef.current?.();
  };
  const closeButton = dismissible ? (
    <button type="button" className="dcf-link-button dcf-notification__close" onClick={close}>
      Close <span className="nhsuk-u-visually-hidden">notification</span>
    </button>
  ) : null;

  if (variant === 'error') {
    return (
      <div className="nhsuk-error-summary dcf-notification" ref={summaryRef} tabIndex={-1}>
        <div role="alert">
          <h2 className="nhsuk-error-summary__heading">{title ?? messages.errorSummaryHeading}</h2>
          <div className="nhsuk-error-summary__body">
            {items.length > 0 ? (
              <ul className="nhsuk-list nhsuk-error-summary__list">
                {items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        {closeButton}
      </div>
    );
  }

  const success = variant === 'success';
  const content = (
    <>
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id={titleId}>
          {title ?? (success ? 'Success' : 'Important')}
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        {items.map((item) => (
          <p key={item} className="nhsuk-notification-banner__heading">
            {item}
          </p>
        ))}
        {closeButton}
      </div>
    </>
  );
  // As NHS.UK does: success is an alert, so it is announced at once; otherwise a labelled region.
  return success ? (
    <div
      className="nhsuk-notification-banner nhsuk-notification-banner--success dcf-notification"
      role="alert"
      aria-labelledby={titleId}
      ref={bannerRef as RefObject<HTMLDivElement>}
      tabIndex={-1}
    >
      {content}
    </div>
  ) : (
    <section
      className="nhsuk-notification-banner dcf-notification"
      aria-labelledby={titleId}
      ref={bannerRef}
      tabIndex={-1}
    >
      {content}
    </section>
  );
}
