import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { form, show } from './test-support';

describe('multi-value questions: the NHS.UK add another pattern (decision 0035)', () => {
  it('types a list item by item: add, type, move, remove; each box labelled; the answer is a list', async () => {
    const { last } = await show(
      form([{ type: 'textfield', key: 'wards', label: 'Ward', multiple: true, input: true }]),
    );
    const group = screen.getByRole('group', { name: 'Ward' });
    await userEvent.type(within(group).getByLabelText('Ward 1'), 'Oak');
    await waitFor(() => expect(last()).toEqual({ wards: ['Oak'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Add another answer to Ward' }));
    // Focus moves to the new box.
    expect(screen.getByLabelText('Ward 2')).toHaveFocus();
    await userEvent.keyboard('First ward');
    await waitFor(() => expect(last()).toEqual({ wards: ['Oak', 'First ward'] }));
    await userEvent.click(screen.getByRole('button', { name: 'Move up Ward 2' }));
    await waitFor(() => expect(last()).toEqual({ wards: ['First ward', 'Oak'] }));
    expect(screen.getByLabelText('Ward 1')).toHaveValue('First ward');
    // Moved to the top, the item has no Move up: focus goes to its Move down.
    expect(screen.getByRole('button', { name: 'Move down Ward 1' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ward 1' }));
    await waitFor(() => expect(last()).toEqual({ wards: ['Oak'] }));
    expect(screen.queryByLabelText('Ward 2')).toBeNull();
    // Focus moves to the box before the one removed (here the first).
    expect(screen.getByLabelText('Ward 1')).toHaveFocus();
    // Emptying the only box leaves the question unanswered.
    await userEvent.clear(screen.getByLabelText('Ward 1'));
    await waitFor(() => expect(last()).toEqual({}));
  });

  it('numbers, dates and selects as lists; an emptied box keeps its place; errors at their item', async () => {
    const { last } = await show(
      form([
        { type: 'number', key: 'beds', label: 'Beds', multiple: true, input: true, validate: { max: 10 } },
        {
          type: 'select',
          key: 'grades',
          label: 'Grade',
          multiple: true,
          input: true,
          data: {
            values: [
              { label: 'Band 5', value: 'b5' },
              { label: 'Band 6', value: 'b6' },
            ],
          },
        },
        { type: 'day', key: 'days', label: 'Day off', multiple: true, input: true },
      ]),
      { beds: [4, 20], grades: ['b6', 'b5'], days: ['10/15/2026'] },
    );
    expect(screen.getByLabelText('Beds 1')).toHaveValue('4');
    expect(screen.getByLabelText('Beds 2')).toHaveValue('20');
    expect(screen.getByLabelText('Grade 2')).toHaveValue('b5');
    expect(within(screen.getByRole('group', { name: 'Day off 1' })).getByLabelText('Day')).toHaveValue('15');
    await userEvent.clear(screen.getByLabelText('Beds 1'));
    await waitFor(() => expect(last()).toMatchObject({ beds: ['', 20] }));
    await userEvent.selectOptions(screen.getByLabelText('Grade 1'), 'b5');
    await waitFor(() => expect(last()).toMatchObject({ grades: ['b5', 'b5'] }));
    const second = screen.getByLabelText('Beds 2');
    await userEvent.clear(second);
    await userEvent.type(second, 'many');
    await userEvent.tab();
    await waitFor(() => expect(second).toHaveAccessibleDescription('Error: Beds must be a number'));
  });

  it('read-only: every item shown, no buttons', async () => {
    await show(
      form([{ type: 'email', key: 'contacts', label: 'Contact', multiple: true, input: true }]),
      { contacts: ['a@nhs.net', 'b@nhs.net'] },
      true,
    );
    expect(screen.getByLabelText('Contact 2')).toHaveValue('b@nhs.net');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('grid questions keep their labels in sight (decision 0035)', () => {
  it('a hideLabel question in a data grid row shows its label; outside a grid it stays hidden from sight', async () => {
    await show(
      form([
        { type: 'textfield', key: 'code', label: 'Code', hideLabel: true, input: true },
        {
          type: 'datagrid',
          key: 'staff',
          label: 'Staff',
          input: true,
          components: [{ type: 'textfield', key: 'name', label: 'Name', hideLabel: true, input: true }],
        },
      ]),
    );
    const name = screen.getByLabelText('Name');
    expect(document.querySelector(`label[for="${name.id}"]`)).not.toHaveClass('nhsuk-u-visually-hidden');
    const code = screen.getByLabelText('Code');
    expect(document.querySelector(`label[for="${code.id}"]`)).toHaveClass('nhsuk-u-visually-hidden');
  });
});
