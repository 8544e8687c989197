import { messages } from '@dcf/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillDate } from '../../test/dates';
import { jsonResponse, stubFetch, users } from '../../test/fixtures';
import { findPageTitle, renderAt } from '../../test/render';
import { EditOrganisationPage } from './edit-organisation-page';

function stubApi(onPost: (body: unknown) => Response) {
  return stubFetch((url, init) => {
    if (url.endsWith('/Region')) return jsonResponse([{ id: 1, code: 'Y56', name: 'London' }]);
    if (url.endsWith('/OrganisationType'))
      return jsonResponse([
        { id: 2, code: 'RO197', shortDescription: 'NHS Trust', longDescription: 'NHS Trust' },
      ]);
    if (url.endsWith('/Organisation') && init?.method === 'POST')
      return onPost(JSON.parse(String(init.body)));
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('EditOrganisationPage', () => {
  it("shows the specification's messages inline and in the error summary, without calling the API", async () => {
    const fetchMock = stubApi(() => jsonResponse({}, 201));
    renderAt(<EditOrganisationPage />, { user: users.superAdmin, path: '/organisation/manage/edit' });
    expect(await findPageTitle('Create an organisation')).toBeInTheDocument();
    type('Name', 'ab');
    type('Code', 'x');
    fillDate('Closure date', '2999-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.errorSummaryHeading);
    for (const message of [
      messages.organisationNameTooShort,
      messages.organisationCodeTooShort,
      messages.closureDateInFuture,
    ]) {
      expect(screen.getByRole('link', { name: message })).toBeInTheDocument();
      expect(screen.getAllByText(message, { exact: false })).toHaveLength(2);
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the API's duplicate-code conflict at the code field", async () => {
    stubApi(() =>
      jsonResponse(
        {
          code: 'already_exists',
          title: 'An organisation with this code already exists',
          status: 409,
        },
        409,
      ),
    );
    renderAt(<EditOrganisationPage />, { user: users.superAdmin, path: '/organisation/manage/edit' });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Y56 - London' })).toBeInTheDocument());
    type('Name', 'A new trust');
    type('Code', 'RJ1');
    type('Region', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('link', { name: 'An organisation with this code already exists' }),
    ).toBeInTheDocument();
  });
});
