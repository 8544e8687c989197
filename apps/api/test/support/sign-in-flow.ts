import type { Client, PersonaKey, Response } from '../harness';

/**
 * Drives the real sign-in through HTTP the way a browser does: GET /Auth/Login, follow redirects to the
 * provider's sign-in page, press the button of one demo account, follow redirects back through the
 * callback. Used by the auth, session and user tests.
 */
export async function follow(client: Client, start: Response, publicUrl: string): Promise<Response> {
  let res = start;
  const origin = new URL(publicUrl).origin;
  for (let hops = 0; hops < 10 && [301, 302, 303, 307].includes(res.status); hops++) {
    const target = new URL(String(res.headers.location), publicUrl);
    if (target.origin !== origin) break;
    if (!target.pathname.startsWith('/v1/') && !target.pathname.startsWith('/oidc')) break; // a page of the web app
    res = await client.request('GET', `${target.pathname}${target.search}`, undefined, {
      headers: { host: target.host },
    });
  }
  return res;
}

/** Opens the provider's sign-in page; returns it with the form action for each account. */
export async function openSignInPage(client: Client, publicUrl: string, returnTo?: string) {
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  const host = new URL(publicUrl).host;
  const login = await client.request('GET', `/v1/api/Auth/Login${query}`, undefined, { headers: { host } });
  const page = await follow(client, login, publicUrl);
  const action = /action="([^"]+\/login)"/.exec(page.text)?.[1];
  return { page, action };
}

export async function signInThroughProvider(
  client: Client,
  publicUrl: string,
  persona: PersonaKey,
  returnTo?: string,
): Promise<Response> {
  const { page, action } = await openSignInPage(client, publicUrl, returnTo);
  // Already signed in at the provider (single sign-on): it goes straight back to the app.
  if (!action && page.status === 302) return page;
  if (!action) throw new Error(`No sign-in page (status ${page.status}): ${page.text.slice(0, 300)}`);
  const pressed = await pressAccount(client, publicUrl, action, persona);
  return follow(client, pressed, publicUrl);
}

/** Presses the sign-in button of one demo account on the provider's page. */
export function pressAccount(client: Client, publicUrl: string, action: string, persona: PersonaKey) {
  return client.request('POST', action, `account=${encodeURIComponent(`dev|${persona}`)}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(publicUrl).host },
  });
}

/** Follows the provider's redirects up to (not into) the app's callback; returns the callback URL. */
export async function callbackUrl(client: Client, publicUrl: string, start: Response): Promise<URL> {
  let res = start;
  for (let hops = 0; hops < 10; hops++) {
    const location = new URL(String(res.headers.location), publicUrl);
    if (location.pathname === '/v1/api/Auth/Callback') return location;
    if (![301, 302, 303, 307].includes(res.status)) break;
    res = await client.request('GET', `${location.pathname}${location.search}`, undefined, {
      headers: { host: location.host },
    });
  }
  throw new Error(`The provider did not redirect to the callback (status ${res.status})`);
}
