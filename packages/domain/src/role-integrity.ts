import type { OrganisationRole } from './enums';

/**
 * Role integrity (product decisions, "Roles"), shared by the API's policy and the submitter access screen:
 * nobody changes their own roles, and the Authoriser role goes only to the organisation's own staff (a
 * data entry clerk may come from elsewhere, and is marked). The API enforces these; the screen only
 * uses them to offer what the API will accept.
 */
export const roleMessages = {
  ownRoles: 'You cannot change your own roles',
  superAdministratorRoles: "Only a super administrator can change a super administrator's roles",
  managerRolesManagementOnly: (userName: string) =>
    `Only users of a management organisation can be collection or submission managers; ${userName} is not`,
  authoriserOwnStaffOnly: (organisationName: string, organisationCode: string) =>
    `Only staff of ${organisationName} (ODS code ${organisationCode}) can be its authoriser`,
  fromElsewhere: 'From another organisation',
} as const;

/** Each organisation role in words: the screens and every file a person reads (never the codes). */
export const organisationRoleLabels: Record<OrganisationRole, string> = {
  DataEntryClerk: 'Data entry clerk',
  Authoriser: 'Authoriser',
};

/** The ODS code as the comparison reads it (codes arrive in either case and with stray spaces). */
const normalise = (code: string) => code.trim().toUpperCase();

/** Whether a user (by their ODS code, `providerCode`) belongs to the organisation with this ODS code. */
export function isOwnStaff(userProviderCode: string | null | undefined, organisationCode: string): boolean {
  if (!userProviderCode || !organisationCode) return false;
  return normalise(userProviderCode) === normalise(organisationCode);
}
