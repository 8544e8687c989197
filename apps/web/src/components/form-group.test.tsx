import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './form-group';

describe('ErrorMessage', () => {
  it('shows one message on its line, and several as a list, each once', () => {
    const { rerender } = render(<ErrorMessage fieldId="file" error="The file is too big" />);
    expect(document.getElementById('file-error')).toHaveTextContent('Error: The file is too big');
    rerender(
      <ErrorMessage
        fieldId="file"
        error={[
          "'age': JavaScript is not run",
          "'total': JavaScript is not run",
          "'age': JavaScript is not run",
        ]}
      />,
    );
    const list = within(document.getElementById('file-error') as HTMLElement).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["'age': JavaScript is not run", "'total': JavaScript is not run"]);
  });

  it('shows nothing without a message', () => {
    const { container } = render(<ErrorMessage fieldId="file" error={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(/Error/)).toBeNull();
  });
});
