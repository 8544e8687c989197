import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionDto, jsonResponse, organisationRow, stubFetch, users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { RecipientsPanel } from './recipients-panel';

const collection = collectionDto({ trustAuthorisation: 'optional', nhsiAuthorisation: 'mandatory' });

const leeds = {
  collectionId: 1,
  organisationId: 7,
  organisation: {
    id: 7,
    name: 'Leeds Teaching Hospitals NHS Trust',
    code: 'RR8',
    region: { code: 'Y63', name: 'North East and Yorkshire' },
    organisationType: { shortDescription: 'NHS Trust' },
    isOpen: true,
  },
  isNhsiAuthorisationRequired: true,
  isTrustAuthorisationRequired: false,
};

function stubApi() {
  return stubFetch((url, init) => {
    if (url.includes('/Collection/1/Organisation?')) return jsonResponse({ items: [leeds], total: 1 });
    if (url.endsWith('/Collection/1/Organisation/Role')) return jsonResponse({ updated: 1 });
    if (url.includes('/Organisation?'))
      return jsonResponse({
        items: [organisationRow(8, 'York Hospital', 'RCB'), organisationRow(9, 'Hull Hospital', 'RWA')],
        total: 2,
      });
    if (url.endsWith('/Collection/1/Organisation/Bulk') && init?.method === 'PUT')
      return jsonResponse({ added: 2, removed: 0, total: 3 });
    return undefined;
  });
}

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, suffix: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'PUT' && url.endsWith(suffix));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

afterEach(() => vi.unstubAllGlobals());

describe('RecipientsPanel', () => {
  it('lets the manager tick optional trust authorisation; mandatory NHSI authorisation is forced', async () => {
    const fetchMock = stubApi();
    renderAt(<RecipientsPanel collection={collection} />, { user: users.manager });
    const trust = await screen.findByRole('checkbox', {
      name: 'Trust authorisation required for Leeds Teaching Hospitals NHS Trust',
    });
    const nhsi = screen.getByRole('checkbox', {
      name: 'NHSI authorisation required for Leeds Teaching Hospitals NHS Trust (mandatory for this collection)',
    });
    expect(nhsi).toBeChecked();
    expect(nhsi).toBeDisabled();
    expect(trust).toBeEnabled();
    fireEvent.click(trust);
    await waitFor(() => expect(bodyOf(fetchMock, '/Organisation/Role')).toBeDefined());
    expect(bodyOf(fetchMock, '/Organisation/Role')).toEqual([
      { organisationId: 7, isTrustAuthorisationRequired: true, isNhsiAuthorisationRequired: true },
    ]);
  });

  it('adds every organisation ticked in the search widget in one bulk call', async () => {
    const fetchMock = stubApi();
    renderAt(<RecipientsPanel collection={collection} />, { user: users.manager });
    fireEvent.click(await screen.findByRole('button', { name: 'Add organisations' }));
    const widget = await screen.findByRole('dialog');
    fireEvent.click(within(widget).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(widget).findByRole('checkbox', { name: 'Select York Hospital (RCB)' }));
    fireEvent.click(within(widget).getByRole('checkbox', { name: 'Select Hull Hospital (RWA)' }));
    fireEvent.click(within(widget).getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('2 organisations added (3 recipients)')).toBeInTheDocument();
    expect(bodyOf(fetchMock, '/Organisation/Bulk')).toEqual({ add: [8, 9] });
    const search = fetchMock.mock.calls.find(([url]) => url.includes('/v1/api/Organisation?'))?.[0];
    expect(search).toContain('isOpen=true');
  });
});
