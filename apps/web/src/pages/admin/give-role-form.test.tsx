import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionDto, jsonResponse, organisationRow, stubApi } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { GiveRoleForm } from './give-role-form';

const workforce = collectionDto({ id: 3, name: 'Workforce' });
const leeds = organisationRow(11, 'Leeds Trust', 'RR8');

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  stubApi({
    'GET /Collection': () => jsonResponse({ items: [workforce], total: 1 }),
    'GET /Organisation': () => jsonResponse({ items: [leeds], total: 1 }),
  });
  const onGive = vi.fn(async () => {});
  renderAt(<GiveRoleForm onGive={onGive} />);
  return { onGive, user: userEvent.setup() };
}

describe('GiveRoleForm', () => {
  it("lists what is missing in 'There is a problem', which takes focus, and at each field", async () => {
    const { onGive, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Select a role' })).toHaveAttribute(
      'href',
      '#give-role',
    );
    expect(within(summary).getByRole('link', { name: 'Select a collection' })).toHaveAttribute(
      'href',
      '#give-collection',
    );
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription('Error: Select a role');

    await user.selectOptions(screen.getByLabelText('Role'), 'DataEntryClerk');
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    expect(await screen.findByRole('link', { name: 'Enter the organisation’s ODS code' })).toHaveAttribute(
      'href',
      '#give-organisation',
    );
    expect(onGive).not.toHaveBeenCalled();
  });

  it('gives an organisation role once the ODS code names an organisation', async () => {
    const { onGive, user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Role'), 'DataEntryClerk');
    await screen.findByRole('option', { name: 'Workforce' });
    await user.selectOptions(screen.getByLabelText('Collection'), '3');
    await user.type(screen.getByLabelText('Organisation ODS code'), 'xx1');
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    expect(await screen.findByRole('link', { name: 'No organisation has the ODS code XX1' })).toBeVisible();

    await user.clear(screen.getByLabelText(/Organisation ODS code/));
    await user.type(screen.getByLabelText(/Organisation ODS code/), 'rr8');
    await user.click(screen.getByRole('button', { name: 'Give role' }));
    await waitFor(() =>
      expect(onGive).toHaveBeenCalledWith(
        { scope: 'organisation', collectionId: 3, organisationId: 11, role: 'DataEntryClerk', granted: true },
        expect.stringContaining('for Leeds Trust in Workforce'),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
