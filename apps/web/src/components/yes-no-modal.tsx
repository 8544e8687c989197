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
