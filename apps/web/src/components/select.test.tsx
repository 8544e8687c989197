import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RequiredLabel } from './required-label';
import { Select } from './select';

const cycles = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
];

describe('Select', () => {
  it("begins with a blank 'Select an option' choice", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Reporting cycle" options={cycles} value="" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Reporting cycle' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Select an option', 'Monthly', 'Quarterly']);
    expect(options[0]).toHaveValue('');
    expect(select).toHaveValue('');
    await user.selectOptions(select, 'Quarterly');
    expect(onChange).toHaveBeenCalledWith('quarterly');
  });

  it('marks a required select and shows its error', () => {
    render(
      <Select
        label="Reporting cycle"
        options={cycles}
        value=""
        onChange={vi.fn()}
        required
        error="Please fill in this field"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Reporting cycle (required)' });
    expect(select).toBeRequired();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Error: Please fill in this field');
  });
});

describe('RequiredLabel', () => {
  it('shows an asterisk that screen readers hear as "(required)"', () => {
    render(
      <>
        <RequiredLabel htmlFor="name">Name</RequiredLabel>
        <input id="name" required />
      </>,
    );
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox')).toHaveAccessibleName('Name (required)');
  });
});
