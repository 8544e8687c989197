import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { yesNoRadio } from '../../test/fixtures';
import { FormRenderer, type FormRendererHandle } from '../form-renderer';
import { describedBy, form, show } from './test-support';

describe('FormRenderer inputs: text, numbers, choices, dates', () => {
  it('text, email, phone, text area: labelled, hinted, answer in and out', async () => {
    const { last } = await show(
      form([
        { type: 'textfield', key: 'ward', label: 'Ward name', description: 'As on the rota', input: true },
        { type: 'email', key: 'email', label: 'Email address', input: true },
        { type: 'phoneNumber', key: 'phone', label: 'Phone number', input: true },
        { type: 'textarea', key: 'notes', label: 'Notes', rows: 3, input: true },
      ]),
      { ward: 'Oak' },
    );
    const ward = screen.getByLabelText('Ward name');
    expect(ward).toHaveValue('Oak');
    expect(ward).toHaveClass('nhsuk-input');
    expect(describedBy(ward)).toBe('As on the rota');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    const notes = screen.getByLabelText('Notes');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).toHaveAttribute('rows', '3');
    await userEvent.type(notes, 'Fine');
    await waitFor(() => expect(last()).toMatchObject({ ward: 'Oak', notes: 'Fine' }));
  });

  it('number and currency: typed as text, kept as numbers; a non-number gets the engine message on leaving', async () => {
    const { last } = await show(
      form([
        { type: 'number', key: 'beds', label: 'Beds', input: true },
        { type: 'currency', key: 'cost', label: 'Cost', currency: 'GBP', input: true },
      ]),
    );
    const cost = screen.getByLabelText('Cost');
    expect(cost.closest('.nhsuk-input-wrapper')).toHaveTextContent('£');
    await userEvent.type(cost, '1,250.5');
    await waitFor(() => expect(last()).toMatchObject({ cost: 1250.5 }));
    expect(cost).toHaveValue('1,250.5');
    const beds = screen.getByLabelText('Beds');
    await userEvent.type(beds, '12a');
    await userEvent.tab();
    await waitFor(() => expect(beds).toHaveAttribute('aria-invalid', 'true'));
    expect(describedBy(beds)).toContain('Beds must be a number');
  });

  it('select (native), radios, checkbox and select boxes: answers stored as Form.io stores them', async () => {
    const values = [
      { label: 'Oak ward', value: 'oak' },
      { label: 'Elm ward', value: 'elm' },
    ];
    const { last } = await show(
      form([
        { type: 'select', key: 'ward', label: 'Ward', data: { values }, input: true },
        { type: 'radio', key: 'open', label: 'Is it open?', values, input: true },
        { type: 'checkbox', key: 'agree', label: 'I agree', input: true },
        { type: 'selectboxes', key: 'wards', label: 'Wards visited', values, input: true },
      ]),
    );
    const select = screen.getByLabelText('Ward');
    expect(select.tagName).toBe('SELECT');
    await userEvent.selectOptions(select, 'Elm ward');
    const radios = screen.getByRole('group', { name: 'Is it open?' });
    await userEvent.click(within(radios).getByLabelText('Oak ward'));
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Wards visited' })).getByLabelText('Elm ward'),
    );
    await waitFor(() =>
      expect(last()).toMatchObject({
        ward: 'elm',
        open: 'oak',
        agree: true,
        wards: { oak: false, elm: true },
      }),
    );
  });

  it('day: the NHS.UK date input, kept in Form.io format; datetime typed in UK order stored as ISO', async () => {
    const { last } = await show(
      form([
        { type: 'day', key: 'born', label: 'Date of birth', dayFirst: true, input: true },
        { type: 'datetime', key: 'admitted', label: 'Admitted', enableTime: false, input: true },
        { type: 'time', key: 'at', label: 'Time seen', input: true },
      ]),
    );
    const born = screen.getByRole('group', { name: 'Date of birth' });
    await userEvent.type(within(born).getByLabelText('Day'), '5');
    await userEvent.type(within(born).getByLabelText('Month'), '3');
    await userEvent.type(within(born).getByLabelText('Year'), '1990');
    const admitted = screen.getByRole('group', { name: 'Admitted' });
    expect(within(admitted).queryByLabelText('Time')).toBeNull();
    await userEvent.type(within(admitted).getByLabelText('Day'), '15');
    await userEvent.type(within(admitted).getByLabelText('Month'), '10');
    await userEvent.type(within(admitted).getByLabelText('Year'), '2026');
    await waitFor(() =>
      expect(last()).toMatchObject({ born: '05/03/1990', admitted: '2026-10-15T00:00:00+01:00' }),
    );
    // The parts stay as typed.
    expect(within(admitted).getByLabelText('Day')).toHaveValue('15');
    // A time is typed in a text box (a browser's time field takes no keys in headless Chromium) and
    // kept in Form.io's data format.
    const at = screen.getByLabelText('Time seen');
    expect(at).toHaveAttribute('type', 'text');
    expect(at).toHaveAccessibleDescription('For example, 14:30');
    await userEvent.type(at, '9:30');
    await waitFor(() => expect(last()).toMatchObject({ at: '09:30:00' }));
    expect(at).toHaveValue('9:30');
  });
});

describe('FormRenderer messages and the engine: server messages, conditions, calculations', () => {
  it('a server message shows at its question, linked by id for the error summary, until the question is edited', async () => {
    render(
      <FormRenderer
        definition={form([{ type: 'textfield', key: 'ward', label: 'Ward name', input: true }])}
        fieldErrors={{ ward: ['Enter ward name'] }}
      />,
    );
    const ward = await screen.findByLabelText('Ward name');
    expect(ward.id).toBe('dcf-field-ward');
    expect(describedBy(ward)).toBe('Error: Enter ward name');
    expect(ward.closest('.nhsuk-form-group')).toHaveClass('nhsuk-form-group--error');
    await userEvent.type(ward, 'Oak');
    expect(ward).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter ward name')).toBeNull();
  });

  it('conditional questions appear and go as the engine says; hidden and buttons are never shown', async () => {
    const { last } = await show(
      form([
        yesNoRadio('open', 'Is the ward open?'),
        {
          type: 'textfield',
          key: 'why',
          label: 'Why is it closed?',
          conditional: { show: true, when: 'open', eq: 'no' },
          input: true,
        },
        { type: 'hidden', key: 'secret', input: true },
        { type: 'button', key: 'submit', label: 'Submit', action: 'submit', input: true },
      ]),
      { secret: 'kept' },
    );
    expect(screen.queryByLabelText('Why is it closed?')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.type(await screen.findByLabelText('Why is it closed?'), 'Refit');
    await userEvent.click(screen.getByLabelText('Yes'));
    await waitFor(() => expect(screen.queryByLabelText('Why is it closed?')).toBeNull());
    // Hidden again: the answer is cleared (clearOnHide); the hidden answer stays.
    await waitFor(() => expect(last()).toEqual({ open: 'yes', secret: 'kept' }));
  });

  it('calculated values come from the engine (JSON Logic)', async () => {
    const { last } = await show(
      form([
        { type: 'number', key: 'a', label: 'Day shifts', input: true },
        { type: 'number', key: 'b', label: 'Night shifts', input: true },
        {
          type: 'number',
          key: 'total',
          label: 'Total shifts',
          calculateValue: { '+': [{ var: 'data.a' }, { var: 'data.b' }] },
          input: true,
        },
      ]),
    );
    await userEvent.type(screen.getByLabelText('Day shifts'), '3');
    await userEvent.type(screen.getByLabelText('Night shifts'), '4');
    await waitFor(() => expect(screen.getByLabelText('Total shifts')).toHaveValue('7'));
    expect(last()).toMatchObject({ total: 7 });
  });
});

describe('FormRenderer grids and layout: data grid, panels, columns, tables, tabs, containers, nested forms', () => {
  it('data grid: rows as fieldsets, added and removed with buttons in words', async () => {
    const { last } = await show(
      form([
        {
          type: 'datagrid',
          key: 'staff',
          label: 'Staff',
          input: true,
          components: [{ type: 'textfield', key: 'name', label: 'Name', input: true }],
        },
      ]),
    );
    const staff = screen.getByRole('group', { name: 'Staff' });
    await userEvent.type(within(staff).getByLabelText('Name'), 'Ann');
    await userEvent.click(within(staff).getByRole('button', { name: 'Add another row to Staff' }));
    const names = within(staff).getAllByLabelText('Name');
    expect(names).toHaveLength(2);
    expect(names[1]).toHaveAttribute('name', 'data[staff][1][name]');
    await userEvent.type(names[1] as HTMLElement, 'Bob');
    await waitFor(() => expect(last()).toMatchObject({ staff: [{ name: 'Ann' }, { name: 'Bob' }] }));
    await userEvent.click(within(staff).getByRole('button', { name: 'Remove row 1 of Staff' }));
    await waitFor(() => expect(last()).toMatchObject({ staff: [{ name: 'Bob' }] }));
  });

  it('layout: panel, fieldset, columns, table, well, tabs and container; a container keeps its answers in an object', async () => {
    const { last } = await show(
      form([
        {
          type: 'panel',
          key: 'p',
          title: 'About the ward',
          components: [
            {
              type: 'columns',
              key: 'cols',
              columns: [
                { width: 6, components: [{ type: 'textfield', key: 'left', label: 'Left', input: true }] },
                { width: 6, components: [{ type: 'textfield', key: 'right', label: 'Right', input: true }] },
              ],
            },
          ],
        },
        {
          type: 'fieldset',
          key: 'f',
          legend: 'Contact',
          components: [{ type: 'textfield', key: 'who', label: 'Who', input: true }],
        },
        {
          type: 'table',
          key: 't',
          rows: [[{ components: [{ type: 'textfield', key: 'cell', label: 'Cell', input: true }] }]],
        },
        {
          type: 'well',
          key: 'w',
          components: [{ type: 'textfield', key: 'inWell', label: 'In a well', input: true }],
        },
        {
          type: 'tabs',
          key: 'tabs',
          components: [
            {
              key: 'tab1',
              label: 'First tab',
              components: [{ type: 'textfield', key: 'one', label: 'One', input: true }],
            },
            {
              key: 'tab2',
              label: 'Second tab',
              components: [{ type: 'textfield', key: 'two', label: 'Two', input: true }],
            },
          ],
        },
        {
          type: 'container',
          key: 'address',
          input: true,
          components: [{ type: 'textfield', key: 'town', label: 'Town', input: true }],
        },
      ]),
    );
    expect(screen.getByRole('heading', { name: 'About the ward' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Contact' })).toContainElement(screen.getByLabelText('Who'));
    for (const label of ['Left', 'Right', 'Cell', 'In a well', 'One'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Second tab' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Town'), 'Leeds');
    await waitFor(() => expect(last()).toMatchObject({ address: { town: 'Leeds' } }));
    expect(screen.getByLabelText('Town')).toHaveAttribute('id', 'dcf-field-address.town');
  });

  it('a nested form keeps its answers under its data, as Form.io does', async () => {
    const { last } = await show(
      form([
        {
          type: 'form',
          key: 'candidate',
          input: true,
          components: [{ type: 'textfield', key: 'name', label: 'Candidate name', input: true }],
        },
      ]),
      { candidate: { data: { name: 'Ann' } } },
    );
    const name = screen.getByLabelText('Candidate name');
    expect(name).toHaveValue('Ann');
    expect(name).toHaveAttribute('id', 'dcf-field-candidate.data.name');
    await userEvent.type(name, 'e');
    await waitFor(() => expect(last()).toEqual({ candidate: { data: { name: 'Anne' } } }));
  });
});

describe('FormRenderer content, survey, files and the wizard', () => {
  it('content and HTML elements are sanitised: no scripts, no event attributes, no second page title', async () => {
    await show(
      form([
        {
          type: 'content',
          key: 'c',
          html: '<h1 class="x">About</h1><p>Read <strong>this</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
          input: false,
        },
        {
          type: 'htmlelement',
          key: 'h',
          tag: 'p',
          content: '<a href="javascript:alert(3)">Guidance</a>',
          input: false,
        },
      ]),
    );
    expect(screen.getByText('this').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { name: 'About' }).tagName).toBe('H2');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('Guidance')).not.toHaveAttribute('href', 'javascript:alert(3)');
  });

  it('survey: a table of radio groups, every radio named by its question and answer', async () => {
    const { last } = await show(
      form([
        {
          type: 'survey',
          key: 'rating',
          label: 'How was it?',
          questions: [
            { label: 'Food', value: 'food' },
            { label: 'Staff', value: 'staff' },
          ],
          values: [
            { label: 'Good', value: 'good' },
            { label: 'Poor', value: 'poor' },
          ],
          input: true,
        },
      ]),
    );
    await userEvent.click(screen.getByLabelText('Staff: Poor'));
    await waitFor(() => expect(last()).toMatchObject({ rating: { staff: 'poor' } }));
    expect(screen.getByRole('group', { name: 'How was it?' })).toContainElement(screen.getByRole('table'));
  });

  it('file without a file service (preview): said in words', async () => {
    await show(form([{ type: 'file', key: 'doc', label: 'Evidence', storage: 'dcf', input: true }]));
    expect(screen.getByLabelText('Evidence')).toBeDisabled();
    expect(screen.getByText('Files can be attached when the return is filled in.')).toBeInTheDocument();
  });

  it('wizard: Previous page and Next page, focus on the page title, a field on another page is found', async () => {
    const ref = createRef<FormRendererHandle>();
    render(
      <FormRenderer
        ref={ref}
        definition={{
          display: 'wizard',
          components: [
            {
              type: 'panel',
              key: 'one',
              title: 'First',
              components: [{ type: 'textfield', key: 'a', label: 'A', input: true }],
            },
            {
              type: 'panel',
              key: 'two',
              title: 'Second',
              components: [{ type: 'textfield', key: 'b', label: 'B', input: true }],
            },
          ],
        }}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Second' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    ref.current?.focusField('a');
    await waitFor(() => expect(screen.getByLabelText('A')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Next page' })).toBeInTheDocument();
  });
});
