import type { ReactNode } from 'react';
import { Modal } from './modal';

export interface YesNoModalProps {
  open: boolean;
  title: ReactNode;
  /** The question, under the title. */
  children?: ReactNode;
  onYes: () => void;
  /** No, and Escape. */
  onNo: () => void;
  yesLabel?: string;
  noLabel?: string;
}

/** A confirmation with Yes and No buttons (specification, section 2). */
export function YesNoModal({
  open,
  title,
  children,
  onYes,
  onNo,
  yesLabel = 'Yes',
  noLabel = 'No',
}: YesNoModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onNo}
      footer={
        <>
          <button type="button" className="nhsuk-button" onClick={onYes}>
            {yesLabel}
          </button>
          <button type="button" className="nhsuk-button nhsuk-button--secondary" onClick={onNo}>
            {noLabel}
          </button>
        </>
      }
    >
      {typeof children === 'string' ? <p className="nhsuk-body">{children}</p> : children}
    </Modal>
  );
}

export interface YesNoModalAboutProps<T>
  extends Omit<YesNoModalProps, 'open' | 'title' | 'children' | 'onYes' | 'onNo'> {
  /** What the question is about (a row to remove, a status to set); the dialog is open while it is set. */
  subject: T | null;
  title: ReactNode | ((subject: T) => ReactNode);
  /** The question about the subject, under the title. */
  children?: ReactNode | ((subject: T) => ReactNode);
  /** Yes: the dialog closes first (`onClose`), then this acts on the subject it asked about. */
  onYes: (subject: T) => void;
  /** No, Escape, and Yes before it acts: the page clears its subject. */
  onClose: () => void;
}

/**
 * A YesNoModal about one thing the page holds in state until answered: open while `subject` is set,
 * its title and question drawn from it, and Yes handing it on once the dialog has closed.
 */
export function YesNoModalAbout<T>({
  subject,
  title,
  children,
  onYes,
  onClose,
  ...labels
}: YesNoModalAboutProps<T>) {
  const about = (part: ReactNode | ((subject: T) => ReactNode)) =>
    typeof part === 'function' ? (subject === null ? null : part(subject)) : part;
  return (
    <YesNoModal
      {...labels}
      open={subject !== null}
      title={about(title)}
      onYes={() => {
        onClose();
        if (subject !== null) onYes(subject);
      }}
      onNo={onClose}
    >
      {about(children)}
    </YesNoModal>
  );
}
