import { z } from 'zod';
import { idParam, recordId } from './ids';
import { messages } from './messages';
import { pagingQueryShape } from './paging';

/** The specification's Search user row (GET /User, the users search widget, administrators). */
export const userRowSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  providerCode: z.string().nullable(),
  idpId: z.string().nullable(),
});

/**
 * GET /User?query=&page=&pageSize=&organisationId= : name, email or ODS code, case-insensitive; with
 * organisationId, that organisation's own staff first.
 */
export const userSearchQuerySchema = z.object({
  query: z.string().trim().max(200).optional(),
  organisationId: idParam.optional(),
  ...pagingQueryShape(),
});

export const userListSchema = z.object({ items: z.array(userRowSchema), total: z.number().int() });
export type UserList = z.infer<typeof userListSchema>;

/** POST /User: an administrator registers a user by email before their first sign-in. */
export const preRegisterUserSchema = z.object({
  email: z.string().trim().min(1, messages.required).max(320).email('Enter a valid email address'),
  name: z
    .string()
    .trim()
    .max(250)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type PreRegisterUser = z.input<typeof preRegisterUserSchema>;

/** GET /Collection/Administrators: every collection administrator. */
export const administratorSchema = userRowSchema.extend({
  isCollectionAdmin: z.boolean(),
  isManagementOrganisationUser: z.boolean(),
});
export const administratorListSchema = z.array(administratorSchema);
export type Administrator = z.infer<typeof administratorSchema>;

/** POST /Collection/Administrators: nominate (true) or remove (false) a collection administrator. */
export const administratorUpdateSchema = z.object({
  userId: recordId,
  isCollectionAdmin: z.boolean(),
});
export type AdministratorUpdate = z.infer<typeof administratorUpdateSchema>;
