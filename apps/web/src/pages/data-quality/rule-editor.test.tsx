import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RuleEditor } from './rule-editor';

const fields = [
  { path: 'headcount', label: 'Headcount' },
  { path: 'vacancies', label: 'Vacancies' },
  { path: 'staff.hours', label: 'Staff: Hours (total of all rows)' },
];

function renderEditor() {
  const onSave = vi.fn();
  render(
    <RuleEditor fields={fields} saving={false} serverProblems={[]} onSave={onSave} onCancel={() => {}} />,
  );
  return onSave;
}

describe('the data quality rule editor', () => {
  it('says what is missing in an error summary linked to each input, in page order, and saves nothing', async () => {
    const onSave = renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    const summary = screen.getByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Enter a name for the rule',
      'Select the kind of check',
      'Enter the message the submitter sees',
    ]);
    expect(screen.getByLabelText('Rule name')).toHaveAccessibleDescription(
      expect.stringContaining('Error: Enter a name for the rule'),
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('builds a total-equals-parts rule with a grid column; Tab reaches Save rule and Enter saves', async () => {
    const onSave = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Rule name'));
    await user.keyboard('Hours add up');
    await user.tab();
    // Every control is a native input in reading order: Tab moves through them.
    expect(screen.getByLabelText('Kind of check')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Kind of check'), 'Total equals the sum of its parts');
    await user.selectOptions(screen.getByLabelText('Total'), 'Headcount');
    await user.click(screen.getByLabelText('Staff: Hours (total of all rows)'));
    await user.click(screen.getByLabelText('Error: the return cannot be submitted'));
    await user.click(screen.getByLabelText('Message the submitter sees'));
    await user.keyboard('Headcount must equal the hours of the rows');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save rule' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith({
      name: 'Hours add up',
      severity: 'error',
      message: 'Headcount must equal the hours of the rows',
      check: { kind: 'sum', total: 'headcount', parts: ['staff.hours'] },
    });
  });

  it('needs a percentage or an amount for a change rule, and valid JSON for an expert rule', async () => {
    const onSave = renderEditor();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Rule name'), 'Change');
    await user.type(screen.getByLabelText('Message the submitter sees'), 'Big change');
    await user.selectOptions(
      screen.getByLabelText('Kind of check'),
      'Change since the last submitted return',
    );
    await user.selectOptions(screen.getByLabelText('Figure'), 'Vacancies');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Enter a percentage, an amount or both' }),
    ).toBeVisible();
    await user.type(screen.getByLabelText('By more than this amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(onSave).toHaveBeenLastCalledWith(
      expect.objectContaining({ check: { kind: 'change', field: 'vacancies', percent: null, amount: 5 } }),
    );

    await user.selectOptions(screen.getByLabelText('Kind of check'), 'JSON Logic (for experts)');
    await user.type(screen.getByLabelText('JSON Logic'), '{{"<=": [[1');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      within(screen.getByRole('alert')).getByRole('link', { name: 'Enter JSON Logic as valid JSON' }),
    ).toBeVisible();
  });
});
