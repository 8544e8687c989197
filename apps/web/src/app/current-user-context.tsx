import { anonymousUser } from '@dcf/domain/anonymous-user';
import type { CurrentUser } from '@dcf/domain/current-user';
import { createContext, useContext } from 'react';

/**
 * The signed-in user, resolved once by the app shell before any page renders. Pages read it with
 * `useUser()`; the anonymous user stands in on public pages when nobody is signed in.
 */
export const CurrentUserContext = createContext<CurrentUser>(anonymousUser);

export function useUser(): CurrentUser {
  return useContext(CurrentUserContext);
}
