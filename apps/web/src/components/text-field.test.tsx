import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorMessage } from './form-group';
import { TextAreaField, TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and reports each change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField id="org-name" label="Name" value="" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveClass('nhsuk-input');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'L');
    expect(onChange).toHaveBeenCalledWith('L');
  });

  it('describes the input by its hint', () => {
    render(<TextField id="code" label="Code" hint="The ODS code" value="" onChange={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('aria-describedby', 'code-hint');
    expect(input).toHaveAccessibleDescription('The ODS code');
    expect(document.getElementById('code-hint')).toHaveClass('nhsuk-hint');
  });

  it('shows an error in NHS.UK markup, described after the hint', () => {
    const { container } = render(
      <TextField
        id="days"
        label="Days open"
        hint="Counting the opening day"
        error="Enter a whole number"
        value="x"
        onChange={vi.fn()}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Days open' });
    expect(container.firstChild).toHaveClass('nhsuk-form-group', 'nhsuk-form-group--error');
    expect(input).toHaveClass('nhsuk-input', 'nhsuk-input--error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'days-hint days-error');
    expect(input).toHaveAccessibleDescription('Counting the opening day Error: Enter a whole number');
    const message = document.getElementById('days-error');
    expect(message).toHaveClass('nhsuk-error-message');
    expect(message).toHaveTextContent('Error: Enter a whole number');
  });

  it('marks a required field, an optional one, the type and the width', () => {
    render(
      <>
        <TextField id="start" label="Start" type="date" width={10} required value="" onChange={vi.fn()} />
        <TextField id="reopen" label="Reopen after" optional value="" onChange={vi.fn()} />
      </>,
    );
    const start = document.getElementById('start');
    expect(start).toHaveAccessibleName('Start (required)');
    expect(start).toBeRequired();
    expect(start).toHaveAttribute('type', 'date');
    expect(start).toHaveClass('nhsuk-input nhsuk-input--width-10');
    const reopen = screen.getByRole('textbox', { name: 'Reopen after (optional)' });
    expect(reopen).not.toBeRequired();
  });

  it('takes a share of the column as its width, for a search box', () => {
    render(<TextField id="q" label="Search" type="search" width="one-half" value="" onChange={vi.fn()} />);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveClass('nhsuk-input nhsuk-u-width-one-half', { exact: true });
    expect(search).not.toHaveAttribute('aria-describedby');
  });

  it('passes other input attributes through', () => {
    render(
      <TextField
        id="n"
        label="Count"
        name="count"
        inputMode="numeric"
        disabled
        value="3"
        onChange={vi.fn()}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Count' });
    expect(input).toHaveAttribute('name', 'count');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toBeDisabled();
    expect(input).toHaveValue('3');
  });
});

describe('TextAreaField', () => {
  it('is a four-row textarea with the same error markup', () => {
    render(<TextAreaField id="notes" label="Notes" error="Too long" value="" onChange={vi.fn()} />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '4');
    expect(area).toHaveClass('nhsuk-textarea', 'nhsuk-textarea--error');
    expect(area).toHaveAccessibleDescription('Error: Too long');
  });
});

describe('ErrorMessage', () => {
  it('renders nothing without an error', () => {
    const { container } = render(<ErrorMessage fieldId="x" />);
    expect(container).toBeEmptyDOMElement();
  });
});
