import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../form-renderer';
import { form, show } from './test-support';

const tabs = form([
  {
    type: 'tabs',
    key: 'sections',
    label: 'Sections',
    components: [
      {
        key: 'staff',
        label: 'Staff',
        components: [{ type: 'textfield', key: 'nurses', label: 'Nurses', input: true }],
      },
      {
        key: 'beds',
        label: 'Beds',
        components: [{ type: 'textfield', key: 'open', label: 'Open beds', input: true }],
      },
      {
        key: 'notes',
        label: 'Notes',
        components: [{ type: 'textarea', key: 'note', label: 'Note', input: true }],
      },
    ],
  },
]);

const visits = form([
  {
    type: 'editgrid',
    key: 'visits',
    label: 'Visits',
    input: true,
    components: [
      { type: 'textfield', key: 'place', label: 'Place', input: true, validate: { maxLength: 5 } },
      { type: 'number', key: 'people', label: 'People', input: true },
    ],
  },
]);

describe('tabs (NHS.UK tabs)', () => {
  it('a tab list: one tab in the Tab order, arrows and Home / End move and open, one panel shown', async () => {
    await show(tabs);
    const list = screen.getByRole('tablist');
    const [staff, beds, notes] = within(list).getAllByRole('tab') as [HTMLElement, HTMLElement, HTMLElement];
    expect(staff).toHaveAttribute('aria-selected', 'true');
    expect(beds).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Staff' })).toContainElement(screen.getByLabelText('Nurses'));
    expect(screen.getByLabelText('Open beds').closest('[role="tabpanel"]')).not.toBeVisible();

    await userEvent.click(staff);
    await userEvent.keyboard('{ArrowRight}');
    expect(beds).toHaveFocus();
    expect(beds).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Open beds')).toBeVisible();
    expect(screen.getByLabelText('Nurses').closest('[role="tabpanel"]')).not.toBeVisible();
    await userEvent.keyboard('{End}');
    expect(notes).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(staff).toHaveFocus();
    // Tab leaves the tab list for the open panel's first question.
    await userEvent.tab();
    expect(screen.getByLabelText('Nurses')).toHaveFocus();
  });

  it('the error summary reaches a question behind a closed tab: its tab opens', async () => {
    const { ref } = await show(tabs);
    ref.current?.focusField('note');
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveFocus());
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('on a phone: a list of links to sections, every section shown', async () => {
    const matchMedia = vi.fn(() => ({
      matches: false,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      await show(tabs);
      expect(screen.queryByRole('tablist')).toBeNull();
      expect(screen.getByRole('link', { name: 'Beds' })).toHaveAttribute('href', expect.stringMatching(/^#/));
      for (const label of ['Nurses', 'Open beds', 'Note']) expect(screen.getByLabelText(label)).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('edit grid (add, save row, change, cancel, remove)', () => {
  it('a row is added, checked and saved into a summary, changed, put back by Cancel, and removed; focus follows', async () => {
    const { last } = await show(visits);
    const grid = screen.getByRole('group', { name: 'Visits' });
    expect(within(grid).getByText('No rows added yet.')).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('button', { name: 'Add another row to Visits' }));
    const row = within(grid).getByRole('group', { name: 'Row 1 of Visits' });
    expect(row.querySelector('legend')).toHaveFocus();
    expect(within(grid).queryByRole('button', { name: /Add another/ })).toBeNull();

    // Save row runs the row's draft checks: a place too long stays open with its message.
    await userEvent.type(within(row).getByLabelText('Place'), 'Leeds General');
    await userEvent.click(within(row).getByRole('button', { name: 'Save row 1 of Visits' }));
    const place = within(row).getByLabelText('Place');
    await waitFor(() => expect(place).toHaveFocus());
    expect(place).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(place);
    await userEvent.type(place, 'Leeds');
    await userEvent.type(within(row).getByLabelText('People'), '3');
    await userEvent.click(within(row).getByRole('button', { name: 'Save row 1 of Visits' }));

    const change = await within(grid).findByRole('button', { name: 'Change row 1 of Visits' });
    expect(change).toHaveFocus();
    expect(within(grid).queryByLabelText('Place')).toBeNull();
    const summary = grid.querySelector('dl') as HTMLElement;
    expect(within(summary).getByText('Place').nextElementSibling).toHaveTextContent('Leeds');
    expect(within(summary).getByText('People').nextElementSibling).toHaveTextContent('3');
    expect(last()).toMatchObject({ visits: [{ place: 'Leeds', people: 3 }] });

    // Change, then Cancel: the answers it had come back.
    await userEvent.click(change);
    await userEvent.clear(within(grid).getByLabelText('Place'));
    await userEvent.type(within(grid).getByLabelText('Place'), 'York');
    await userEvent.click(within(grid).getByRole('button', { name: 'Cancel row 1 of Visits' }));
    await waitFor(() => expect(last()).toMatchObject({ visits: [{ place: 'Leeds', people: 3 }] }));
    expect(within(grid).getByRole('button', { name: 'Change row 1 of Visits' })).toHaveFocus();

    // Cancel on a new row takes it away.
    await userEvent.click(within(grid).getByRole('button', { name: 'Add another row to Visits' }));
    await userEvent.click(within(grid).getByRole('button', { name: 'Cancel row 2 of Visits' }));
    await waitFor(() => expect(last()).toMatchObject({ visits: [{ place: 'Leeds', people: 3 }] }));
    expect(within(grid).getByRole('button', { name: 'Add another row to Visits' })).toHaveFocus();

    await userEvent.click(within(grid).getByRole('button', { name: 'Remove row 1 of Visits' }));
    await waitFor(() => expect(last()).toEqual({ visits: [] }));
    expect(within(grid).getByText('No rows added yet.')).toBeInTheDocument();
  });

  it('a row the server has a message about opens, and stays open while it is corrected', async () => {
    render(
      <FormRenderer
        definition={visits}
        submission={{ visits: [{ place: 'Harrogate', people: 1 }] }}
        fieldErrors={{ 'visits[0].place': ['Place must be 5 characters or fewer'] }}
      />,
    );
    const place = await screen.findByLabelText('Place');
    expect(place).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(place);
    await userEvent.type(place, 'Ripon');
    expect(screen.getByLabelText('Place')).toHaveValue('Ripon');
  });
});

describe('signature', () => {
  it('is typed: the full name, by keyboard, kept as the answer', async () => {
    const { last } = await show(
      form([
        { type: 'signature', key: 'sig', label: 'Signature', input: true, validate: { required: true } },
      ]),
    );
    const name = screen.getByLabelText(/Signature/);
    expect(name).toHaveAccessibleDescription('Type your full name as your signature.');
    await userEvent.type(name, 'Ann Smith');
    await waitFor(() => expect(last()).toEqual({ sig: 'Ann Smith' }));
  });
});

describe('dates typed in part (decision 0024)', () => {
  it('15//2026 is kept as typed, with no message for a draft', async () => {
    const { last } = await show(
      form([{ type: 'datetime', key: 'when', label: 'Date of visit', enableTime: false, input: true }]),
    );
    const group = screen.getByRole('group', { name: 'Date of visit' });
    await userEvent.type(within(group).getByLabelText('Day'), '15');
    await userEvent.type(within(group).getByLabelText('Year'), '2026');
    await userEvent.tab();
    await waitFor(() => expect(last()).toEqual({ when: '15//2026' }));
    expect(within(group).getByLabelText('Day')).not.toHaveAttribute('aria-invalid');
    expect(within(group).getByLabelText('Month')).toHaveValue('');
  });
});
