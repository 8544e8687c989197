import { messages } from '@dcf/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureFlags, jsonResponse, stubFetch, users, validationProblem } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { CreateCollectionPage } from './create-collection-page';

const flags = featureFlags();

function stubApi(featureFlags = flags, onPost: (body: unknown) => Response = () => jsonResponse({}, 500)) {
  return stubFetch((url, init) => {
    if (url.endsWith('/FeatureFlag')) return jsonResponse(featureFlags);
    if (url.endsWith('/Collection') && init?.method === 'POST') return onPost(JSON.parse(String(init.body)));
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('CreateCollectionPage', () => {
  it("shows 'Please fill in this field' at the name and in the error summary, without calling the API", async () => {
    const fetchMock = stubApi();
    renderAt(<CreateCollectionPage />, { user: users.manager, path: '/collection/create' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create collection' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(messages.errorSummaryHeading);
    expect(screen.getByRole('link', { name: messages.required })).toHaveAttribute('href', '#collection-name');
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('hides the icon and email fields while their flags are off', async () => {
    stubApi();
    renderAt(<CreateCollectionPage />, { user: users.manager, path: '/collection/create' });
    await screen.findByRole('button', { name: 'Create collection' });
    await waitFor(() => expect(screen.queryByLabelText('Icon name')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Send emails for this collection')).not.toBeInTheDocument();
  });

  it('shows the icon and email fields when COLLECTIONICON and EMAILENABLED are on, and posts every field', async () => {
    let posted: unknown;
    stubApi(featureFlags('COLLECTIONICON', 'EMAILENABLED'), (body) => {
      posted = body;
      return validationProblem({ name: ['Taken'] }, 'Your request has errors');
    });
    renderAt(<CreateCollectionPage />, { user: users.manager, path: '/collection/create' });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Bed availability' } });
    fireEvent.change(await screen.findByLabelText('Icon name'), { target: { value: 'bed' } });
    fireEvent.click(screen.getByLabelText('Send emails for this collection'));
    fireEvent.click(screen.getByLabelText('Calendar year (January to December)'));
    fireEvent.click(screen.getAllByLabelText('Mandatory')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Create collection' }));
    // The API's 400 lands at its field, like the browser's own checks.
    expect(await screen.findByRole('link', { name: 'Taken' })).toBeInTheDocument();
    expect(posted).toEqual({
      name: 'Bed availability',
      notes: null,
      assetOwners: null,
      users: null,
      fileType: null,
      iconName: 'bed',
      isEmailEnabled: true,
      period: 'calendarYear',
      trustAuthorisation: 'mandatory',
      nhsiAuthorisation: 'notRequired',
    });
  });
});
