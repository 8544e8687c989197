import type { FormDefinition } from '@dcf/forms';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { yesNoRadio } from '../test/fixtures';
import { FormRenderer } from './form-renderer';
import { describedBy } from './renderer/test-support';

// Form.io builds forms asynchronously; on a loaded machine that takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const singlePage: FormDefinition = {
  display: 'form',
  components: [
    {
      type: 'number',
      key: 'headcount',
      label: 'Headcount',
      description: 'Staff in post on the last day',
      validate: { required: true, min: 0 },
      input: true,
    },
    yesNoRadio('covid', 'Any COVID-19 absence?'),
    { type: 'textarea', key: 'comments', label: 'Comments', input: true },
    { type: 'checkbox', key: 'confirmed', label: 'I confirm the figures', input: true },
    { type: 'button', key: 'submit', action: 'submit', label: 'Submit', input: true },
  ],
};

/** A page that adds a note after Comments once it reads 'Hi'. */
function WithNote() {
  const [note, setNote] = useState(false);
  return (
    <FormRenderer
      definition={singlePage}
      onChange={(data) => setNote(data.comments === 'Hi')}
      fieldNotes={note ? { comments: <p data-testid="note">Check this figure</p> } : {}}
    />
  );
}

const wizard: FormDefinition = {
  display: 'wizard',
  components: [
    {
      type: 'panel',
      key: 'staffing',
      title: 'Staffing',
      components: [{ type: 'number', key: 'headcount', label: 'Headcount', input: true }],
    },
    {
      type: 'panel',
      key: 'sickness',
      title: 'Sickness absence',
      components: [{ type: 'textarea', key: 'comments', label: 'Comments', input: true }],
    },
  ],
};

describe('FormRenderer (NHS.UK templates)', () => {
  it('draws labels, hints and NHS.UK inputs, radios in a fieldset with a legend, and no submit button', async () => {
    render(<FormRenderer definition={singlePage} submission={{ headcount: 12, covid: 'no' }} />);
    const headcount = await screen.findByLabelText(/Headcount/);
    expect(headcount).toHaveClass('nhsuk-input');
    await waitFor(() => expect(headcount).toHaveValue('12'));
    expect(describedBy(headcount)).toContain('Staff in post on the last day');
    expect(screen.getByText('Staff in post on the last day')).toHaveClass('nhsuk-hint');
    // Required: the specification's asterisk, with "(required)" for screen readers.
    expect(screen.getByText('(required)')).toHaveClass('nhsuk-u-visually-hidden');

    const group = screen.getByRole('group', { name: 'Any COVID-19 absence?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).getByLabelText('No')).toBeChecked();
    expect(within(group).getByLabelText('Yes')).toHaveClass('nhsuk-radios__input');

    expect(screen.getByLabelText('Comments')).toHaveClass('nhsuk-textarea');
    expect(screen.getByLabelText('I confirm the figures')).toHaveClass('nhsuk-checkboxes__input');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    // Bootstrap's visually-hidden class is never used: without Bootstrap CSS that text would show.
    expect(document.querySelector('.visually-hidden, .sr-only')).toBeNull();
  });

  it('shows server messages at their fields, announced through aria-describedby and aria-invalid', async () => {
    render(
      <FormRenderer
        definition={singlePage}
        fieldErrors={{ headcount: ['Headcount cannot be less than 0.'] }}
      />,
    );
    const headcount = await screen.findByLabelText(/Headcount/);
    await waitFor(() => expect(describedBy(headcount)).toContain('Error: Headcount cannot be less than 0.'));
    expect(headcount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Headcount cannot be less than 0.', { exact: false })).toHaveClass(
      'nhsuk-error-message',
    );
  });

  it("shows the page's note after its question; a note appearing keeps the question being typed into", async () => {
    render(<WithNote />);
    const comments = await screen.findByLabelText('Comments');
    await userEvent.type(comments, 'Hi');
    const note = await screen.findByTestId('note');
    expect(note.previousElementSibling).toHaveClass('formio-component-comments');
    expect(comments).toHaveFocus();
    await userEvent.type(comments, '!');
    expect(screen.getByLabelText('Comments')).toHaveValue('Hi!');
  });

  it('reports changes made by the person, with the data', async () => {
    const onChange = vi.fn();
    render(<FormRenderer definition={singlePage} onChange={onChange} />);
    await userEvent.type(await screen.findByLabelText('Comments'), 'Hi');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ comments: 'Hi' }), true),
    );
  });

  it("tells the page which of the form's rules could not be evaluated, when that changes (decision 0030)", async () => {
    const onUnchecked = vi.fn();
    const definition: FormDefinition = {
      display: 'form',
      components: [
        { type: 'number', key: 'beds', label: 'Beds', input: true },
        // A rule stored before the upload check: an operation our JSON Logic does not have.
        {
          type: 'number',
          key: 'total',
          label: 'Total beds',
          input: true,
          calculateValue: { _sumBy: [{ var: 'data.rows' }, 'beds'] },
        },
      ],
    };
    render(<FormRenderer definition={definition} onUnchecked={onUnchecked} />);
    await waitFor(() =>
      expect(onUnchecked).toHaveBeenLastCalledWith([
        expect.objectContaining({
          component: expect.objectContaining({ key: 'total', label: 'Total beds' }),
          property: 'calculateValue',
          operation: '_sumBy',
        }),
      ]),
    );
    // Told again only when the list changes, not on every change of answers.
    const calls = onUnchecked.mock.calls.length;
    await userEvent.type(screen.getByLabelText('Beds'), '9');
    expect(onUnchecked).toHaveBeenCalledTimes(calls);
  });

  it('renders a wizard with a list of pages (no tablist), the page title, Next page, and Complete tags', async () => {
    const onPageChange = vi.fn();
    render(
      <FormRenderer
        definition={wizard}
        submission={{ headcount: 42, comments: 'Kept' }}
        completedPages={['staffing']}
        onPageChange={onPageChange}
      />,
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages of this form' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(within(pages).getByText('Staffing').closest('li')).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByText('Complete')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Staffing' })).toBeInTheDocument();
    await waitFor(() =>
      expect(onPageChange).toHaveBeenLastCalledWith({ index: 0, key: 'staffing', title: 'Staffing' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sickness absence' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Comments')).toHaveValue('Kept'));
    await waitFor(() =>
      expect(onPageChange).toHaveBeenLastCalledWith({ index: 1, key: 'sickness', title: 'Sickness absence' }),
    );
    // Any page can be opened from the list, without finishing the one before (drafts are filled in any order).
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages of this form' })).getByRole('link', {
        name: 'Staffing',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Staffing' })).toBeInTheDocument();
  });

  it('read-only: inputs and text areas disabled', async () => {
    render(<FormRenderer definition={singlePage} submission={{ headcount: 3, comments: 'None' }} readOnly />);
    expect(await screen.findByLabelText(/Headcount/)).toBeDisabled();
    expect(
      screen.getByRole('group', { name: 'Any COVID-19 absence?' }).querySelector('input'),
    ).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Comments/ })).toBeDisabled();
  });
});
