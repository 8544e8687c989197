import { messages } from '@dcf/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/fixtures';
import { ApiError, api, apiUrl, readCookie } from './client';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function answer(response: Response | (() => Response)) {
  fetchMock.mockImplementation(async () => (typeof response === 'function' ? response() : response));
}

function lastRequest() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  return { url: String(input), init, headers: new Headers(init.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; this clears the test cookie.
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('error messages by status (specification, section 8)', () => {
  it('joins every message of a 400 problem and its additionalDetails with ", "', async () => {
    answer(
      jsonResponse(
        {
          title: 'Bad Request',
          status: 400,
          errors: { name: [messages.organisationNameTooShort], code: [messages.organisationCodeTooShort] },
          additionalDetails: ['Check the highlighted fields'],
        },
        400,
      ),
    );
    const error = await failure(api.post('/Organisation', { name: 'A' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      `${messages.organisationNameTooShort}, ${messages.organisationCodeTooShort}, Check the highlighted fields`,
    );
    expect(error.body).toMatchObject({ status: 400 });
  });

  it("says 'Something went wrong.' for a 400 without messages", async () => {
    answer(jsonResponse({ title: 'Bad Request', status: 400 }, 400));
    expect((await failure(api.get('/Collection'))).message).toBe('Something went wrong.');
  });

  it.each([
    [401, 'Not Authorised'],
    [403, 'Forbidden'],
    [404, 'Not found'],
    [409, 'Something went wrong'],
    [500, 'Something went wrong'],
    [503, 'Something went wrong'],
  ])('maps %i to %s', async (status, expected) => {
    answer(jsonResponse({ title: 'Whatever the server said', status }, status));
    const error = await failure(api.get('/Collection/1'));
    expect(error.status).toBe(status);
    expect(error.kind).toBe('http');
    expect(error.message).toBe(expected);
  });

  it('copes with an error body that is not JSON', async () => {
    answer(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await failure(api.get('/Collection'));
    expect(error.message).toBe('Something went wrong');
    expect(error.body).toBe('<html>Bad gateway</html>');
  });

  it("reports a network failure as 'Something went wrong' with status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/Collection'));
    expect(error).toMatchObject({ status: 0, kind: 'network', message: 'Something went wrong' });
  });
});

describe('requests', () => {
  it('sends the XSRF-TOKEN cookie back in X-XSRF-TOKEN on a POST, with a JSON body and credentials', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie; the test plays the server.
    document.cookie = 'XSRF-TOKEN=abc%2F123; path=/';
    answer(jsonResponse({ id: 7 }, 201));
    const created = await api.post('/Collection', { name: 'Workforce' });
    expect(created).toEqual({ id: 7 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/v1/api/Collection');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc/123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ name: 'Workforce' }));
  });

  it('sends the CSRF header on PUT, PATCH and DELETE too, but not on GET', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie; the test plays the server.
    document.cookie = 'XSRF-TOKEN=t0ken; path=/';
    answer(() => new Response(null, { status: 204 }));
    await api.put('/Collection/1', {});
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('t0ken');
    await api.patch('/Collection/1/Status', { status: 'Published' });
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('t0ken');
    await api.delete('/Collection/1');
    expect(lastRequest().headers.get('X-XSRF-TOKEN')).toBe('t0ken');
    await api.get('/Collection');
    expect(lastRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(lastRequest().init.credentials).toBe('include');
  });

  it('saves with POST to the list while there is no id, else PUT to the item', async () => {
    answer(() => new Response(null, { status: 204 }));
    await api.save('/Collection/1/Schedule', undefined, { a: 1 });
    expect(lastRequest().init.method).toBe('POST');
    expect(lastRequest().url).toMatch(/\/Collection\/1\/Schedule$/);
    await api.save('/Collection/1/Schedule', null, {});
    expect(lastRequest().init.method).toBe('POST');
    await api.save('/Collection/1/Schedule', 7, { a: 2 });
    expect(lastRequest().init.method).toBe('PUT');
    expect(lastRequest().url).toMatch(/\/Collection\/1\/Schedule\/7$/);
    expect(lastRequest().init.body).toBe(JSON.stringify({ a: 2 }));
  });

  it('returns undefined for 204 No Content', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(api.delete('/Collection/3')).resolves.toBeUndefined();
  });

  it('builds the query string, leaving out empty values and repeating arrays', () => {
    expect(
      apiUrl('/Organisation', { search: 'leeds trust', page: 2, open: true, region: undefined, x: null }),
    ).toBe('/v1/api/Organisation?search=leeds+trust&page=2&open=true');
    expect(apiUrl('User', { id: [1, 2] })).toBe('/v1/api/User?id=1&id=2');
  });

  it('validates the response with a schema, dropping unknown keys', async () => {
    answer(jsonResponse({ id: 1, name: 'Workforce', secret: 'x' }));
    const schema = z.object({ id: z.number(), name: z.string() });
    await expect(api.get('/Collection/1', { schema })).resolves.toEqual({ id: 1, name: 'Workforce' });
  });

  it('fails with an invalid-response error when the body does not match the schema', async () => {
    answer(jsonResponse({ id: 'one' }));
    const error = await failure(api.get('/Collection/1', { schema: z.object({ id: z.number() }) }));
    expect(error).toMatchObject({ status: 200, kind: 'invalid-response', message: 'Something went wrong' });
  });

  it('takes the schema as a loader, asked for before the request goes, and validates with it', async () => {
    const order: string[] = [];
    fetchMock.mockImplementation(async () => {
      order.push('fetch');
      return jsonResponse({ id: 1, extra: true });
    });
    const load = async () => {
      order.push('schema');
      return z.object({ id: z.number() });
    };
    await expect(api.get('/User/Current', { schema: load })).resolves.toEqual({ id: 1 });
    expect(order).toEqual(['schema', 'fetch']);
    answer(jsonResponse({ id: 'one' }));
    const error = await failure(api.get('/User/Current', { schema: load }));
    expect(error).toMatchObject({ kind: 'invalid-response', message: 'Something went wrong' });
  });

  it('fails as a network failure when the schema cannot be loaded, never passing the body unchecked', async () => {
    answer(jsonResponse({ id: 1 }));
    const error = await failure(
      api.get('/User/Current', { schema: () => Promise.reject(new Error('chunk failed to load')) }),
    );
    expect(error).toMatchObject({ status: 0, kind: 'network', message: 'Something went wrong' });
  });

  it('gives up after the timeout', async () => {
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const error = await failure(api.get('/User/Current', { timeoutMs: 20 }));
    expect(error).toMatchObject({ status: 0, kind: 'timeout', message: 'Something went wrong' });
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%3Dy; b=2')).toBe('x=y');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
  });
});
