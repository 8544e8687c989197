import { DateTime } from 'luxon';
import { z } from 'zod';
import { idParam } from './ids';

/**
 * Personal access tokens (decision 0039): a signed-in user's tokens for other systems (Power BI and
 * Excel reading, a federation's system sending returns). The secret is shown once, at creation.
 */
export const accessTokenScope = z.enum(['read', 'submit']);
export type AccessTokenScope = z.infer<typeof accessTokenScope>;

export const ACCESS_TOKEN_ZONE = 'Europe/London';

export const accessTokenMessages = {
  nameRequired: 'Enter a name for the token',
  nameTooLong: 'Name must be 100 characters or fewer',
  scopeRequired: 'Select what the token may do',
  expiryRequired: 'Enter the date the token expires',
  expiryInvalid: 'The expiry date must be a real date',
  expiryPast: 'The expiry date must be in the future',
  expiryTooFar: 'The expiry date must be within one year',
  collectionUnknown: 'Select a collection you can see',
} as const;

/** POST /User/Current/AccessToken. `expires` is a day (yyyy-MM-dd): the token works until that day ends, UK time. */
export const createAccessTokenSchema = z.object({
  name: z.string().trim().min(1, accessTokenMessages.nameRequired).max(100, accessTokenMessages.nameTooLong),
  scope: accessTokenScope,
  collectionId: idParam.nullable().optional(),
  expires: z.string().min(1, accessTokenMessages.expiryRequired),
});
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>;

/**
 * The field message for an expiry day, or null when it is good: a real day after `today` and at most a
 * year on (both in Europe/London). Shared by the API (which decides) and the form (which tells early).
 */
export function accessTokenExpiryProblem(expires: string, now = DateTime.now()): string | null {
  if (!expires) return accessTokenMessages.expiryRequired;
  const day = DateTime.fromISO(expires, { zone: ACCESS_TOKEN_ZONE });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expires) || !day.isValid) return accessTokenMessages.expiryInvalid;
  const today = now.setZone(ACCESS_TOKEN_ZONE).startOf('day');
  if (day <= today) return accessTokenMessages.expiryPast;
  if (day > today.plus({ years: 1 })) return accessTokenMessages.expiryTooFar;
  return null;
}

/** The moment a token whose expiry day is `expires` stops working: the end of that day in London. */
export const accessTokenExpiresAt = (expires: string) =>
  DateTime.fromISO(expires, { zone: ACCESS_TOKEN_ZONE }).plus({ days: 1 }).startOf('day').toJSDate();

export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: accessTokenScope,
  collectionId: z.number().int().nullable(),
  collectionName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.object({ items: z.array(accessTokenSchema) });

/** The answer to a create: the token and, this once only, its secret. */
export const createdAccessTokenSchema = accessTokenSchema.extend({ secret: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;
