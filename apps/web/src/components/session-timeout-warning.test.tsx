import { anonymousUser, type CurrentUser } from '@dcf/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { SessionTimeoutWarning } from './session-timeout-warning';

const start = new Date('2026-03-10T10:00:00Z').getTime();
const signedIn = (expiresInMs: number): CurrentUser => ({
  ...anonymousUser,
  isAuthenticated: true,
  email: 'clerk.a@dcf.example',
  sessionExpiresAt: new Date(start + expiresInMs).toISOString(),
});

let calls: { url: string; method: string }[];
beforeEach(() => {
  vi.useFakeTimers({ now: start, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? 'GET' });
      if (String(url).endsWith('/Auth/Refresh'))
        return new Response(JSON.stringify({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionTimeoutWarning', () => {
  it('warns two minutes before the idle expiry, not before', async () => {
    renderAt(<SessionTimeoutWarning />, { user: signedIn(30 * 60_000), path: '/collection/submit' });
    await act(() => vi.advanceTimersByTimeAsync(27 * 60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000 + 1));
    expect(screen.getByRole('dialog', { name: 'You will be signed out soon' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toBeTruthy();
  });

  it('"Stay signed in" refreshes the session and moves the deadline', async () => {
    const { router } = renderAt(<SessionTimeoutWarning />, { user: signedIn(3 * 60_000), path: '/x' });
    await act(() => vi.advanceTimersByTimeAsync(60_000 + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    // The refresh answer is checked with a schema loaded on demand (apps/web/README.md, Loading).
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/api/Auth/Refresh']);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(router.state.location.pathname).toBe('/x');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('at expiry ends the session and shows /endSession', async () => {
    const { router } = renderAt(<SessionTimeoutWarning />, { user: signedIn(3 * 60_000), path: '/x' });
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000 + 1));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /v1/api/Auth/EndSession']);
    expect(router.state.location.pathname).toBe('/endSession');
  });

  it('counts successful API calls as activity and moves the warning later', async () => {
    const { queryClient } = renderAt(<SessionTimeoutWarning />, { user: signedIn(30 * 60_000), path: '/x' });
    await act(() => vi.advanceTimersByTimeAsync(20 * 60_000));
    await act(() => queryClient.fetchQuery({ queryKey: ['anything'], queryFn: async () => 1 }));
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(17 * 60_000 + 1));
    expect(screen.getByRole('dialog', { name: 'You will be signed out soon' })).toBeTruthy();
  });

  it('does nothing without a session expiry (SESSIONMANAGEMENT off, or signed out)', async () => {
    renderAt(<SessionTimeoutWarning />, { user: { ...signedIn(0), sessionExpiresAt: null }, path: '/x' });
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
