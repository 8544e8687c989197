import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileUploadStatus } from './file-upload-status';

describe('FileUploadStatus', () => {
  it('shows queued, then the upload percentage, then clears when complete', () => {
    const { rerender } = render(<FileUploadStatus status={{ state: 'queued' }} fileName="census.xlsx" />);
    expect(screen.getByRole('status')).toHaveTextContent('census.xlsx: Queued');

    rerender(<FileUploadStatus status={{ state: 'uploading', percent: 41.6 }} fileName="census.xlsx" />);
    expect(screen.getByRole('status')).toHaveTextContent('census.xlsx: Uploading: 42%');

    rerender(<FileUploadStatus status={{ state: 'completed' }} fileName="census.xlsx" />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows an error as an alert', () => {
    render(<FileUploadStatus status={{ state: 'error', message: 'Something went wrong' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Something went wrong');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
