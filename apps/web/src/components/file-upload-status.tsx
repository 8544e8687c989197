export type UploadStatus =
  | { state: 'queued' }
  | { state: 'uploading'; percent: number }
  | { state: 'error'; message: string }
  | { state: 'completed' };

export interface FileUploadStatusProps {
  status: UploadStatus | null | undefined;
  /** Names the file in the message when several are uploading. */
  fileName?: string;
}

/** The words for an upload's progress; '' once it has completed (specification, section 2). */
export function uploadStatusText(status: UploadStatus | null | undefined): string {
  switch (status?.state) {
    case 'queued':
      return 'Queued';
    case 'uploading':
      return `Uploading: ${Math.max(0, Math.min(100, Math.round(status.percent)))}%`;
    case 'error':
      return status.message;
    default:
      return '';
  }
}

/**
 * Progress of a file upload: info (queued, then 'Uploading: N%'), or an error; a completed upload clears
 * the message. The live regions stay in place so changes are announced.
 */
export function FileUploadStatus({ status, fileName }: FileUploadStatusProps) {
  const text = uploadStatusText(status);
  const prefix = fileName ? `${fileName}: ` : '';
  const isError = status?.state === 'error';
  return (
    <div className="dcf-upload-status">
      <p role="status" className="nhsuk-body-s dcf-upload-status__info">
        {!isError && text ? `${prefix}${text}` : null}
      </p>
      <p role="alert" className="nhsuk-error-message dcf-upload-status__error">
        {isError ? (
          <>
            <span className="nhsuk-u-visually-hidden">Error: </span>
            {prefix}
            {text}
          </>
        ) : null}
      </p>
    </div>
  );
}
