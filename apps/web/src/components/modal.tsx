import { constants } from '@dcf/domain/constants';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]'),
  );
}

export interface ModalProps {
  open: boolean;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Escape, or any close action the content offers. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons, shown in an NHS.UK button group under the content. */
  footer?: ReactNode;
  /** Element to focus when the dialog opens (default: the first focusable element). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Wider dialog for tables. */
  wide?: boolean;
}

/**
 * An accessible modal dialog: role dialog with aria-modal, named by its heading; focus moves in, is
 * trapped (the rest of the page is made inert) and returns where it was on close; Escape closes.
 * Sits on the specification's modal layer (z-index 1100).
 */
export function Modal({ open, title, onClose, children, footer, initialFocusRef, wide }: ModalProps) {
  const titleId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const backdrop = backdropRef.current;
    const dialog = dialogRef.current;
    if (!backdrop || !dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Everything else on the page becomes inert while the dialog is open.
    const madeInert: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === backdrop || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }

    const target = initialFocusRef?.current ?? focusableIn(dialog)[0] ?? dialog;
    target.focus();

    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusableIn(dialogRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div ref={backdropRef} className="dcf-modal-backdrop" style={{ zIndex: constants.modalZIndex }}>
      <dialog
        ref={dialogRef}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        className={wide ? 'dcf-modal dcf-modal--wide' : 'dcf-modal'}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="nhsuk-heading-m dcf-modal__title">
          {title}
        </h2>
        <div className="dcf-modal__body">{children}</div>
        {footer ? <div className="nhsuk-button-group dcf-modal__footer">{footer}</div> : null}
      </dialog>
    </div>,
    document.body,
  );
}
