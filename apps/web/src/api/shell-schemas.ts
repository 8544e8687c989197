import { z } from 'zod';

/**
 * The schemas the app shell validates with (current user, sign-out, session refresh). This module is
 * loaded on demand (`schema: () => import(...)`), never imported statically by the shell, so zod stays out of
 * the landing page's first bundle (apps/web/README.md, "Loading").
 */
export { currentUserSchema } from '@dcf/domain';

/** POST /Auth/Logout answers where to go next to end the identity provider's session too, if anywhere. */
export const logoutResponseSchema = z.object({ redirectUrl: z.string().nullish() }).loose();

/** POST /Auth/Refresh answers the session's new idle expiry. */
export const refreshResponseSchema = z.object({ expiresAt: z.string() });
