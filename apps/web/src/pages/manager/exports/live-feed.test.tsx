import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../app/paths';
import { renderRoutes } from '../../../test/render';
import { feedAddress, LiveFeed } from './live-feed';

describe('LiveFeed', () => {
  it('gives the collection’s absolute feed address and how to sign in with a personal access token', async () => {
    renderRoutes([{ path: '/', element: <LiveFeed collectionId={42} collectionName="Bed count" /> }], '/');
    expect(
      await screen.findByRole('heading', { name: 'Read Bed count live in Power BI or Excel' }),
    ).toBeVisible();
    expect(screen.getByText(`${window.location.origin}/v1/api/OData/Collection/42`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'personal access token' })).toHaveAttribute(
      'href',
      paths.accessTokens,
    );
  });

  it('builds the address the API serves the feed at', () => {
    expect(feedAddress(7, 'https://dcf.example.nhs.uk')).toBe(
      'https://dcf.example.nhs.uk/v1/api/OData/Collection/7',
    );
  });
});
