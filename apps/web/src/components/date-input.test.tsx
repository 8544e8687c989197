import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput, datePartsOf, dateValueOf } from './date-input';

function Controlled({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      id="start"
      label="Start date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('is the NHS.UK date input: a group named by its question, Day, Month and Year boxes in UK order', () => {
    render(<DateInput id="start" label="Start date" value="2026-12-04" onChange={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Start date' });
    expect(group).toHaveAccessibleDescription('For example, 15 3 2026');
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes.map((box) => box.getAttribute('id'))).toEqual(['start', 'start-month', 'start-year']);
    expect(within(group).getByLabelText('Day')).toHaveValue('4');
    expect(within(group).getByLabelText('Month')).toHaveValue('12');
    expect(within(group).getByLabelText('Year')).toHaveValue('2026');
    for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric');
  });

  it('gives yyyy-MM-dd once the boxes name a real day, and the parts as typed otherwise', async () => {
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('Day'), '4');
    expect(onValue).toHaveBeenLastCalledWith('--4');
    await userEvent.type(screen.getByLabelText('Month'), '12');
    await userEvent.type(screen.getByLabelText('Year'), '2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-04');
    await userEvent.clear(screen.getByLabelText('Day'));
    await userEvent.type(screen.getByLabelText('Day'), '31');
    expect(onValue).toHaveBeenLastCalledWith('2026-12-31');
    await userEvent.clear(screen.getByLabelText('Month'));
    await userEvent.type(screen.getByLabelText('Month'), '2');
    // 31 February is no day: kept as typed, so validation says 'Enter a valid date'.
    expect(onValue).toHaveBeenLastCalledWith('2026-2-31');
    expect(screen.getByLabelText('Month')).toHaveValue('2');
  });

  it('shows its error in the NHS.UK way, named by the group', () => {
    render(
      <DateInput
        id="close"
        label="Closure date"
        value="2026--"
        onChange={vi.fn()}
        error="Enter a valid date"
      />,
    );
    const group = screen.getByRole('group', { name: 'Closure date' });
    expect(group).toHaveAccessibleDescription('For example, 15 3 2026 Error: Enter a valid date');
    expect(within(group).getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(group.closest('.nhsuk-form-group')).toHaveClass('nhsuk-form-group--error');
  });

  it('takes a new value from outside (a reset) without losing typing that means the same', () => {
    const { rerender } = render(<DateInput id="d" label="Date" value="2026-01-05" onChange={vi.fn()} />);
    rerender(<DateInput id="d" label="Date" value="" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Day')).toHaveValue('');
    expect(screen.getByLabelText('Year')).toHaveValue('');
  });

  it('turns values and parts into each other exactly', () => {
    expect(dateValueOf({ day: '', month: '', year: '' })).toBe('');
    expect(dateValueOf({ day: '1', month: '4', year: '2026' })).toBe('2026-04-01');
    expect(dateValueOf({ day: '29', month: '2', year: '2027' })).toBe('2027-2-29');
    expect(dateValueOf({ day: '1', month: '4', year: '26' })).toBe('26-4-1');
    expect(dateValueOf({ day: 'x', month: '4', year: '2026' })).toBe('2026-4-x');
    expect(datePartsOf('2026-04-01')).toEqual({ day: '1', month: '4', year: '2026' });
    expect(datePartsOf('2026-4-x')).toEqual({ day: 'x', month: '4', year: '2026' });
    expect(datePartsOf('')).toEqual({ day: '', month: '', year: '' });
  });
});
