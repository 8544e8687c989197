import { DateTime } from 'luxon';
import { expect } from 'vitest';
import type { Client, TestApp } from '../harness';

/** Where a signed-in user makes, lists and revokes their personal access tokens. */
export const TOKENS_PATH = '/v1/api/User/Current/AccessToken';

/** The London calendar date `days` from today, as the token form sends an expiry. */
export const day = (days: number) => DateTime.now().setZone('Europe/London').plus({ days }).toISODate() ?? '';

/** Makes a token in a browser session (201): valid 30 days unless `expires`; its id and its secret. */
export async function makeToken(
  browser: Client,
  body: { name?: string; scope: 'read' | 'submit'; collectionId?: number | null; expires?: string },
) {
  const res = await browser.post(TOKENS_PATH, { name: 'Power BI', expires: day(30), ...body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; secret: string };
}

/** Moves a token's expiry `msAgo` into the past, straight in the table (the API refuses a past expiry). */
export async function expireToken(t: TestApp, id: number, msAgo = 1): Promise<void> {
  await t.database.db
    .updateTable('accessToken')
    .set({ expiresAt: new Date(Date.now() - msAgo) })
    .where('id', '=', id)
    .execute();
}
