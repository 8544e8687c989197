import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, CheckboxGroup, RadioGroup } from './choice-group';

const sizes = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large', hint: 'Twice the size' },
] as const;

function Sizes({ error }: { error?: string }) {
  const [value, setValue] = useState<'small' | 'large' | undefined>(undefined);
  return (
    <RadioGroup
      id="size"
      legend="Which size?"
      hint="Choose one"
      error={error}
      options={sizes}
      value={value}
      onChange={setValue}
    />
  );
}

describe('RadioGroup', () => {
  it('names the group by its legend, each radio by its label, and describes both by their hints', () => {
    render(<Sizes />);
    const group = screen.getByRole('group', { name: 'Which size?' });
    expect(group).toHaveAccessibleDescription('Choose one');
    expect(screen.getByRole('radio', { name: 'Small' })).toHaveAttribute('id', 'size-small');
    expect(screen.getByRole('radio', { name: 'Large' })).toHaveAccessibleDescription('Twice the size');
    expect(screen.getAllByRole('radio').every((r) => r.getAttribute('name') === 'size')).toBe(true);
  });

  it('selects one choice at a time, by click and by arrow key', async () => {
    const user = userEvent.setup();
    render(<Sizes />);
    const small = screen.getByRole('radio', { name: 'Small' });
    const large = screen.getByRole('radio', { name: 'Large' });
    await user.click(screen.getByText('Small'));
    expect(small).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(large).toBeChecked();
    expect(small).not.toBeChecked();
  });

  it('shows an error in NHS.UK markup and links it to the group after the hint', () => {
    const { container } = render(<Sizes error="Select a size" />);
    const group = screen.getByRole('group', { name: 'Which size?' });
    expect(group).toHaveAttribute('aria-describedby', 'size-hint size-error');
    expect(group).toHaveAccessibleDescription('Choose one Error: Select a size');
    expect(container.querySelector('.nhsuk-form-group')).toHaveClass('nhsuk-form-group--error');
  });

  it('lays the items side by side when inline, and keeps an item id it is given', () => {
    const { container } = render(
      <RadioGroup
        id="layout"
        legend="Layout"
        inline
        options={[{ value: 'form', label: 'Single page', id: 'layout' }]}
        value="form"
        onChange={vi.fn()}
      />,
    );
    expect(container.querySelector('.nhsuk-radios')).toHaveClass('nhsuk-radios--inline');
    expect(screen.getByRole('radio', { name: 'Single page' })).toHaveAttribute('id', 'layout');
  });
});

describe('CheckboxGroup', () => {
  it('reports each tick and untick, and can hide its legend', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(
      <CheckboxGroup
        id="flags"
        legend="Feature flags"
        legendSize="hidden"
        small
        options={[
          { value: 'A', label: 'A' },
          { value: 'B', label: 'B', hint: 'The second' },
        ]}
        values={['B']}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('group', { name: 'Feature flags' })).toBeInTheDocument();
    expect(container.querySelector('legend')).toHaveClass('nhsuk-u-visually-hidden');
    expect(container.querySelector('.nhsuk-checkboxes')).toHaveClass('nhsuk-checkboxes--small');
    const b = screen.getByRole('checkbox', { name: 'B' });
    expect(b).toBeChecked();
    expect(b).toHaveAccessibleDescription('The second');
    await user.click(screen.getByRole('checkbox', { name: 'A' }));
    expect(onChange).toHaveBeenLastCalledWith('A', true);
    b.focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('B', false);
  });
});

describe('Checkbox', () => {
  it('is a labelled setting in a form group, its error linked by aria-describedby', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(
      <Checkbox
        id="declaration"
        label="I confirm"
        checked={false}
        error="Confirm the declaration"
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I confirm' });
    expect(box).toHaveAccessibleDescription('Error: Confirm the declaration');
    expect(container.firstChild).toHaveClass('nhsuk-form-group', 'nhsuk-form-group--error');
    await user.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('in a table cell is small, bare, and may be labelled for screen readers only', () => {
    const { container } = render(
      <Checkbox id="row-1" label="Select row 1" labelHidden inCell checked onChange={vi.fn()} disabled />,
    );
    const box = screen.getByRole('checkbox', { name: 'Select row 1' });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(box).not.toHaveAttribute('aria-describedby');
    expect(container.firstChild).toHaveClass('nhsuk-checkboxes', 'nhsuk-checkboxes--small');
    expect(container.querySelector('label span')).toHaveClass('nhsuk-u-visually-hidden');
  });
});
