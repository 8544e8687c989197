// Deep imports, not the '@dcf/domain' index: the first bundle stays free of zod (README, "Loading").

import type { ErrorCode } from '@dcf/domain/error-codes';
import { messages } from '@dcf/domain/messages';
import { messageForFailure, problemOf } from '@dcf/domain/problem-message';
import type { ZodType } from 'zod';

/**
 * The one typed client for the API (specification, section 7): every call goes to `/v1/api`, sends the
 * session cookie, echoes the `XSRF-TOKEN` cookie in `X-XSRF-TOKEN` on every non-GET request, sends JSON
 * bodies, and turns a failure into an `ApiError` whose `message` is the specification's text for the status
 * and whose `code` is the problem's stable code (api/problems.ts is the one place that switches on it).
 */
export const API_BASE = '/v1/api';

/** Sign-in starts with a full-page GET (a submitted form), never with fetch: the browser must follow the redirects. */
export const LOGIN_URL = `${API_BASE}/Auth/Login`;
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** What went wrong: the server answered with an error status, or no usable answer arrived. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  /** The parsed response body (problem details for API errors), when there was one. */
  readonly body: unknown;
  readonly kind: ApiErrorKind;
  /** The problem details' stable code (packages/domain/src/error-codes.ts), when the server sent one. */
  readonly code: ErrorCode | undefined;

  constructor(status: number, body: unknown, kind: ApiErrorKind = 'http', options?: { cause?: unknown }) {
    super(kind === 'http' ? messageForFailure(status, body) : messages.somethingWentWrong, options);
    this.status = status;
    this.body = body;
    this.kind = kind;
    this.code = kind === 'http' ? problemOf(body)?.code : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : messages.somethingWentWrong;
}

export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** Query string; null and undefined values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON; a Blob (a chosen file) is sent as it is. */
  body?: unknown;
  /**
   * Validates (and strips unknown keys from) the response body. The shell passes a loader instead
   * (`() => import(...)`), so zod stays out of the first bundle: it is called before the request
   * goes, and the download runs alongside it.
   */
  schema?: ZodType<T> | (() => Promise<ZodType<T>>);
  /** Abort after this many milliseconds; the call then fails with an ApiError of kind 'timeout'. */
  timeoutMs?: number;
  /** Cancels the call, e.g. TanStack Query's `signal`. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Let the request outlive the page (e.g. releasing a lock while the person leaves). */
  keepalive?: boolean;
  /** 'blob' for a file download: the response body as a Blob, unparsed. */
  responseType?: 'json' | 'blob';
  /**
   * With responseType 'blob': called as the body arrives with the bytes received so far (and the
   * response, for its headers), so a long download can show progress.
   */
  onDownloadProgress?: (bytesReceived: number, response: Response) => void;
}

/** The value of a cookie readable by scripts, or undefined. */
export function readCookie(
  name: string,
  cookieString: string = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** `/v1/api` + path + query string. */
export function apiUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** The body as a Blob, reporting progress chunk by chunk when asked to. */
async function readBlob(response: Response, onProgress: RequestOptions<unknown>['onDownloadProgress']) {
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, response);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, response);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

function combineSignals(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const signals = [signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  return { combined, timeout };
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const hasBody = options.body !== undefined;
  // A file (Blob) goes as it is, in its own type; anything else as JSON.
  const isFile = typeof Blob !== 'undefined' && options.body instanceof Blob;
  if (hasBody)
    headers['Content-Type'] = isFile
      ? (options.body as Blob).type || 'application/octet-stream'
      : 'application/json';
  if (method !== 'GET') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  const { combined, timeout } = combineSignals(options.signal, options.timeoutMs);
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A failed request wins over a failed schema download: keep the latter from going unhandled meanwhile.
  if (schema instanceof Promise) schema.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? (isFile ? (options.body as Blob) : JSON.stringify(options.body)) : undefined,
      signal: combined,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    // A caller's own cancellation is passed through untouched so TanStack Query can recognise it.
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, undefined, timeout?.aborted ? 'timeout' : 'network', { cause });
  }

  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob' && response.ok)
    return (await readBlob(response, options.onDownloadProgress)) as T;
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, 'http');
  if (!schema) return body as T;
  let resolved: ZodType<T>;
  try {
    resolved = await schema;
  } catch (cause) {
    // The schema's chunk did not arrive (a network failure): the answer cannot be trusted unchecked.
    throw new ApiError(0, undefined, 'network', { cause });
  }
  const parsed = resolved.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, body, 'invalid-response', { cause: parsed.error });
  return parsed.data;
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands: `api.get('/Collection', { schema })`, `api.post('/Collection', body)`. */
export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T> & { body?: unknown }) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** Create or update: POST to the list's `path` while the thing has no id yet, else PUT to `path/id`. */
  save: <T = unknown>(
    path: string,
    id: number | string | null | undefined,
    body: unknown,
    options?: Options<T>,
  ) => (id == null ? api.post<T>(path, body, options) : api.put<T>(`${path}/${id}`, body, options)),
};
