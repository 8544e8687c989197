import { anonymousUser } from '@dcf/domain/anonymous-user';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useUser } from '../app/current-user-context';
import { paths } from '../app/paths';
import { Modal } from './modal';

/** How long before the idle expiry the warning shows (product decisions: two minutes). */
export const WARNING_BEFORE_MS = 2 * 60_000;

function formatTime(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  }).format(new Date(ms));
}

/**
 * SESSIONMANAGEMENT: two minutes before the session's idle expiry, an accessible dialog offers to stay
 * signed in (POST /Auth/Refresh). At expiry the page ends the session (POST /Auth/EndSession) and shows
 * /endSession. The expiry comes from GET /User/Current (`sessionExpiresAt`, null when the flag is off).
 * Mounted once, in the app shell.
 */
export function SessionTimeoutWarning() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [expiresAt, setExpiresAt] = useState<number | null>(() =>
    user.sessionExpiresAt ? Date.parse(user.sessionExpiresAt) : null,
  );
  const [warning, setWarning] = useState(false);
  const [failed, setFailed] = useState(false);
  const stayButton = useRef<HTMLButtonElement>(null);

  // The idle window, learnt from the last expiry the server gave (sign-in or refresh).
  const windowMs = useRef<number | null>(expiresAt === null ? null : expiresAt - Date.now());

  // A newer current-user answer moves the deadline.
  useEffect(() => {
    const next = user.sessionExpiresAt ? Date.parse(user.sessionExpiresAt) : null;
    windowMs.current = next === null ? null : next - Date.now();
    setExpiresAt(next);
  }, [user.sessionExpiresAt]);

  // Every successful API call is activity: the server pushes the idle expiry (at most once a minute),
  // so the page does too, a minute short to stay on the safe side.
  useEffect(() => {
    const onActivity = () => {
      if (windowMs.current !== null) setExpiresAt(Date.now() + windowMs.current - 60_000);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') onActivity();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') onActivity();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  useEffect(() => {
    if (expiresAt === null || !user.isAuthenticated) return;
    const now = Date.now();
    const warnTimer = setTimeout(() => setWarning(true), Math.max(0, expiresAt - WARNING_BEFORE_MS - now));
    const endTimer = setTimeout(
      () => {
        setWarning(false);
        void api
          .post('/Auth/EndSession')
          .catch(() => undefined)
          .finally(() => {
            queryClient.setQueryData(queryKeys.currentUser, anonymousUser);
            navigate(paths.endSession);
          });
      },
      Math.max(0, expiresAt - now),
    );
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
    };
  }, [expiresAt, user.isAuthenticated, navigate, queryClient]);

  async function staySignedIn() {
    try {
      const { expiresAt: next } = await api.post('/Auth/Refresh', undefined, {
        schema: () => import('../api/shell-schemas').then((m) => m.refreshResponseSchema),
      });
      setFailed(false);
      setWarning(false);
      windowMs.current = Date.parse(next) - Date.now();
      setExpiresAt(Date.parse(next));
    } catch {
      setFailed(true);
    }
  }

  if (!warning || expiresAt === null) return null;
  return (
    <Modal
      open
      title="You will be signed out soon"
      onClose={() => void staySignedIn()}
      initialFocusRef={stayButton}
      footer={
        <button ref={stayButton} type="button" className="nhsuk-button" onClick={() => void staySignedIn()}>
          Stay signed in
        </button>
      }
    >
      <p>
        You have not done anything for a while. For your security, you will be signed out at{' '}
        {formatTime(expiresAt)}. Anything you have not saved will be lost.
      </p>
      {failed ? (
        <p className="nhsuk-error-message" role="alert">
          Something went wrong
        </p>
      ) : null}
    </Modal>
  );
}
