import { roleMessages } from '@dcf/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '../../app/paths';
import { collectionDto, jsonResponse, stubFetch, users } from '../../test/fixtures';
import { renderAtRoute } from '../../test/render';
import { SubmitterAccessPage } from './submitter-access-page';

const alice = { userName: 'Alice Clerk', userId: 5, email: 'alice@nhs.net' };
const trust = { organisationName: 'Leeds Teaching Hospitals NHS Trust', organisationId: 7 };
const own = { userProviderCode: 'RR8', isFromElsewhere: false };
const saved = [
  { ...alice, ...trust, ...own, role: 'DataEntryClerk', status: 'New', isDuplicate: false },
  { ...alice, ...trust, ...own, role: 'Authoriser', status: 'New', isDuplicate: false },
];
const collection = collectionDto({ trustAuthorisation: 'optional' });

function stubApi(savedRows: readonly unknown[] = saved) {
  return stubFetch((url, init) => {
    if (url.endsWith('/View/Manager/Collection/1/SubmitterAccess')) return jsonResponse(savedRows);
    if (url.endsWith('/Collection/1')) return jsonResponse(collection);
    if (url.includes('/Collection/1/Organisation?'))
      return jsonResponse({
        items: [
          {
            collectionId: 1,
            organisationId: 7,
            organisation: {
              id: 7,
              name: trust.organisationName,
              code: 'RR8',
              region: null,
              organisationType: null,
              isOpen: true,
            },
            isNhsiAuthorisationRequired: false,
            isTrustAuthorisationRequired: false,
          },
        ],
        total: 1,
      });
    if (url.includes('/User?'))
      return jsonResponse({
        items: [
          { id: 5, name: 'Alice Clerk', email: 'alice@nhs.net', providerCode: 'RR8', idpId: null },
          { id: 6, name: 'Bob Support', email: 'bob@csu.nhs.net', providerCode: '0DE', idpId: null },
        ],
        total: 2,
      });
    if (url.endsWith('/Organisation/7/SubmitterAccess') && init?.method === 'PUT') return jsonResponse([]);
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderAtRoute(routePatterns.submitterAccess, <SubmitterAccessPage />, {
    path: '/collection/manage/submitterAccess/1',
    user: users.manager,
  });

/** Give access: Leeds chosen in the first dialog; the second dialog, its people searched, is returned. */
async function peopleAtLeeds() {
  fireEvent.click(await screen.findByRole('button', { name: 'Give access' }));
  const organisations = await screen.findByRole('dialog', { name: 'Choose a recipient organisation' });
  fireEvent.click(within(organisations).getByRole('button', { name: 'Search' }));
  fireEvent.click(await within(organisations).findByRole('checkbox', { name: /^Select Leeds/ }));
  fireEvent.click(within(organisations).getByRole('button', { name: 'Select' }));
  const people = await screen.findByRole('dialog', { name: /^Give access at Leeds/ });
  fireEvent.click(within(people).getByRole('button', { name: 'Search' }));
  return people;
}

/** Give access at Leeds to `person`, found by searching in the second dialog. */
async function giveAccessAtLeeds(person: string) {
  const people = await peopleAtLeeds();
  fireEvent.click(await within(people).findByRole('checkbox', { name: `Select ${person}` }));
  fireEvent.click(within(people).getByRole('button', { name: 'Select' }));
}

describe('SubmitterAccessPage', () => {
  it('toggles one role and saves exactly the roles the user keeps at that organisation', async () => {
    const fetchMock = stubApi();
    renderPage();
    const authoriser = await screen.findByRole('checkbox', { name: /^Authoriser: Alice Clerk at Leeds/ });
    expect(authoriser).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    fireEvent.click(authoriser);
    expect(authoriser).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(url).toMatch(/\/Collection\/1\/Organisation\/7\/SubmitterAccess$/);
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 5, roles: ['DataEntryClerk'] });
  });

  it('marks a user added twice as duplicate, blocks removing and saving until duplicates are removed, and resets', async () => {
    stubApi();
    renderPage();
    await screen.findByRole('checkbox', { name: /^Authoriser: Alice Clerk at Leeds/ });
    await giveAccessAtLeeds('Alice Clerk');

    expect(await screen.findByText('Duplicate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Remove\s+Alice Clerk at Leeds/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove duplicates' }));
    expect(screen.queryByText('Duplicate')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /^Remove\s+Alice Clerk at Leeds/ }));
    expect(screen.getByText('Removed when saved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset changes' }));
    expect(screen.queryByText('Removed when saved')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Authoriser: Alice Clerk at Leeds/ })).toBeChecked();
  });

  it('lists the organisation’s own staff first under its name, others under Staff of other organisations, and pre-ticks Data entry clerk only', async () => {
    stubApi([]);
    renderPage();
    const people = await peopleAtLeeds();
    const own = await within(people).findByRole('table', {
      name: 'Staff of Leeds Teaching Hospitals NHS Trust',
    });
    const others = within(people).getByRole('table', { name: 'Staff of other organisations' });
    expect(
      within(people)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Staff of Leeds Teaching Hospitals NHS Trust', 'Staff of other organisations']);
    expect(within(own).getByRole('checkbox', { name: 'Select Alice Clerk' })).toBeInTheDocument();
    expect(within(others).getByRole('checkbox', { name: 'Select Bob Support' })).toBeInTheDocument();
    fireEvent.click(within(own).getByRole('checkbox', { name: 'Select Alice Clerk' }));
    fireEvent.click(within(people).getByRole('button', { name: 'Select' }));

    // Safe by default: an authoriser can submit returns, so that role is ticked on purpose.
    expect(
      await screen.findByRole('checkbox', { name: /^Data entry clerk: Alice Clerk at Leeds/ }),
    ).toBeChecked();
    const authoriser = screen.getByRole('checkbox', { name: /^Authoriser: Alice Clerk at Leeds/ });
    expect(authoriser).not.toBeChecked();
    expect(authoriser).toBeEnabled();
  });

  it('gives someone from another organisation the data entry clerk role only, marked, searching own staff first', async () => {
    const fetchMock = stubApi();
    renderPage();
    await screen.findByRole('checkbox', { name: /^Authoriser: Alice Clerk at Leeds/ });
    await giveAccessAtLeeds('Bob Support');

    const search = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('/User?'));
    expect(search).toContain('organisationId=7');
    expect(await screen.findByText(roleMessages.fromElsewhere)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Data entry clerk: Bob Support at Leeds/ })).toBeChecked();
    const authoriser = screen.getByRole('checkbox', { name: /^Authoriser: Bob Support at Leeds/ });
    expect(authoriser).not.toBeChecked();
    expect(authoriser).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 6, roles: ['DataEntryClerk'] });
  });
});
