import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/platform/redact-url';
import { useTestApp } from './harness';
import { callbackUrl, openSignInPage, pressAccount } from './support/sign-in-flow';
import { newPeriod, pageFor, startDraft } from './support/submission-fixtures';

// No OIDC code, signed URL or answer in any log line (issue 27, decision 0033): every line the service
// writes during a sign-in, an upload and a download through signed URLs, and a save, is read.

const lines: string[] = [];
const t = useTestApp({ LOG_LEVEL: 'trace', STORAGE_DRIVER: 'local' }, [], {
  write: (line) => lines.push(line),
});

describe('log lines', () => {
  it('carry no OIDC code or state, no URL signature and no answer', async () => {
    // Sign-in: the callback's code and state.
    const browser = t.anonymous();
    const { action } = await openSignInPage(browser, t.config.publicUrl);
    const pressed = await pressAccount(browser, t.config.publicUrl, action as string, 'clerkA');
    const callback = await callbackUrl(browser, t.config.publicUrl, pressed);
    const code = callback.searchParams.get('code') as string;
    const state = callback.searchParams.get('state') as string;
    expect(code.length).toBeGreaterThan(10);
    const done = await browser.request('GET', `${callback.pathname}${callback.search}`, undefined, {
      headers: { host: callback.host },
    });
    expect(done.status).toBe(302);

    // An upload and a download through signed URLs.
    const demoId = await t.demoCollectionId();
    const rj1 = await t.organisationId('RJ1');
    const blob = `${demoId}/${rj1}/MEDIA/logs-test/evidence.txt`;
    const upload = await browser.post(
      `/v1/api/Storage/StorageTokensForUpload/Collection/${demoId}/Organisation/${rj1}`,
      [{ blobNameWithPath: blob, fileSizeInMb: 1 }],
    );
    expect(upload.status, upload.text).toBe(200);
    const uploadUrl = new URL(upload.body[0].url, t.config.publicUrl);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${uploadUrl.pathname}${uploadUrl.search}`,
      payload: 'x',
    });
    expect(put.statusCode).toBe(201);
    const download = await browser.post(
      `/v1/api/Storage/StorageTokensForDownload/Collection/${demoId}/Organisation/${rj1}`,
      [{ blobNameWithPath: blob }],
    );
    expect(download.status, download.text).toBe(200);
    const downloadUrl = new URL(download.body[0].url, t.config.publicUrl);
    expect(
      (await t.app.inject({ method: 'GET', url: `${downloadUrl.pathname}${downloadUrl.search}` })).statusCode,
    ).toBe(200);
    const signatures = [uploadUrl, downloadUrl].map((u) => u.searchParams.get('sig') as string);
    expect(signatures.every((s) => s && s.length > 10)).toBe(true);

    // A save with a distinctive answer.
    const answer = 'Ward seven is closed for refurbishment 7731';
    const periodId = await newPeriod(t);
    await startDraft(await t.as('clerkA'), await pageFor(t, periodId), { headcount: 5, comments: answer });

    const text = lines.join('');
    expect(text).toContain('/v1/api/Auth/Callback?');
    expect(text).toContain('code=%5Bredacted%5D');
    for (const secret of [code, state, ...signatures, answer, 'Ward seven'])
      expect(text).not.toContain(secret);
  });

  it('redactUrl keeps a list URL readable and hides only the secret values', () => {
    expect(redactUrl('/v1/api/Collection?page=2&search=ward')).toBe('/v1/api/Collection?page=2&search=ward');
    expect(redactUrl('/v1/api/Auth/Callback?code=abc&state=def&iss=x')).toBe(
      '/v1/api/Auth/Callback?code=%5Bredacted%5D&state=%5Bredacted%5D&iss=x',
    );
    expect(redactUrl('/c/b.txt?sv=2024&se=2026&sp=r&sig=abc%3D')).toBe(
      '/c/b.txt?sv=2024&se=2026&sp=r&sig=%5Bredacted%5D',
    );
  });
});
