import { idParam, isOwnStaff } from '@dcf/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { orgKey, type Principal, type TokenGrant } from './principal';
import { seesScope, type Viewer, type VisibilityScope } from './visibility';

/**
 * THE permission policy. Every route declares one rule from `access` in its `config.access`; the app
 * refuses to register a /v1/api route without one, and a single hook evaluates it before validation.
 * Nothing else in the code base decides who may do what.
 *
 * Outcomes: 'allow'; 'deny' (403: the user knows the record but lacks the right); 'hidden' (404: the
 * record is outside everything the user may see, so its existence is not revealed).
 */
export type Decision = 'allow' | 'deny' | 'hidden';

export interface AccessContext {
  principal: Principal;
  request: FastifyRequest;
  db: Db;
}

export interface AccessRule {
  /** Short name used in the OpenAPI document and the authorisation matrix test. */
  name: string;
  /** False only for the public routes (health, sign-in). */
  requiresSignIn: boolean;
  /** The rule judges one collection's record (`scoped`): a token limited to a collection may reach it. */
  collectionScoped?: boolean;
  /** Only a browser session may use the route, never a personal access token (managing tokens). */
  sessionOnly?: boolean;
  decide(ctx: AccessContext): Decision | Promise<Decision>;
}

// ---- Capabilities, pure: who may do what within a scope ------------------------------------------

export const isAdmin = (p: Principal) => p.isSuperAdmin || p.isCollectionAdmin;

export const isCollectionManagerOf = (p: Principal, collectionId: number) =>
  p.collectionRoles.get(collectionId)?.has('collectionManager') ?? false;

export const isSubmissionManagerOf = (p: Principal, collectionId: number) =>
  p.collectionRoles.get(collectionId)?.has('submissionManager') ?? false;

export function submitterRolesFor(p: Principal, collectionId: number, organisationId: number) {
  return (
    p.organisationRoles.get(orgKey(collectionId, organisationId)) ??
    new Set<'DataEntryClerk' | 'Authoriser'>()
  );
}

/** Change a collection's setup: overview, form, schedule, periods, recipients, roles. */
export const canSetUpCollection = (p: Principal, collectionId: number) =>
  isAdmin(p) || isCollectionManagerOf(p, collectionId);

/** See and export every submission of a collection, and its monitoring views. */
export const canMonitorCollection = (p: Principal, collectionId: number) =>
  canSetUpCollection(p, collectionId) || isSubmissionManagerOf(p, collectionId);

/** See one organisation's submissions in a collection. */
export const canReadOrganisationData = (p: Principal, collectionId: number, organisationId: number) =>
  canMonitorCollection(p, collectionId) ||
  p.isManagementOrganisationUser ||
  submitterRolesFor(p, collectionId, organisationId).size > 0;

/** Fill in and save drafts for one organisation. */
export const canEditOrganisationData = (p: Principal, collectionId: number, organisationId: number) =>
  submitterRolesFor(p, collectionId, organisationId).size > 0;

/**
 * Submit (complete) a return. Where trust authorisation is required for the organisation only one of
 * its authorisers may, and only one who is the organisation's own staff (their ODS code is its code):
 * that is the trust's own sign-off, which nobody outside the trust gives, not even an administrator, and
 * not someone given the role by mistake or before the rule existed. Otherwise whoever may edit it.
 */
export function canSubmitOrganisationData(
  p: Principal,
  collectionId: number,
  organisation: { id: number; code: string },
  isTrustAuthorisationRequired: boolean,
): boolean {
  const roles = submitterRolesFor(p, collectionId, organisation.id);
  if (isTrustAuthorisationRequired)
    return roles.has('Authoriser') && isOwnStaff(p.providerCode, organisation.code);
  return isAdmin(p) || roles.size > 0;
}

// ---- Role integrity (product decisions, "Roles"); enforced for every path by platform/role-changes.ts ----

/**
 * Nobody changes their own roles, whatever their own roles are: not even a super administrator; and
 * nobody but a super administrator changes a super administrator's roles or flags.
 */
export const mayChangeRolesOf = (p: Principal, userId: number, targetIsSuperAdmin: boolean) =>
  p.userId !== userId && (!targetIsSuperAdmin || p.isSuperAdmin);

/**
 * The manager roles (collectionManager, submissionManager) go only to users of a management
 * organisation: their ODS code names an organisation marked as one, or an administrator made them a
 * management-organisation user (product decisions, second round, "Roles").
 */
export const mayHoldManagerRole = (user: {
  ofManagementOrganisation: boolean;
  isManagementOrganisationUser: boolean;
}) => user.ofManagementOrganisation || user.isManagementOrganisationUser;

/** A data entry clerk may come from any organisation; an authoriser only from the organisation itself. */
export const mayHoldSubmitterRole = (
  role: 'DataEntryClerk' | 'Authoriser',
  userProviderCode: string | null,
  organisationCode: string,
) => role === 'DataEntryClerk' || isOwnStaff(userProviderCode, organisationCode);

/**
 * Deactivate or reactivate an account (users-and-roles screen, administrators): never one's own, and a
 * super administrator's only by another super administrator.
 */
export const mayChangeAccountOf = mayChangeRolesOf;

/** Release a submission lock someone else holds, return a submission, reopen it for one organisation. */
export const canManageSubmissions = (p: Principal, collectionId: number) =>
  canSetUpCollection(p, collectionId);

/**
 * The organisation's own authoriser: the Authoriser role there, held by its own staff (as the trust's
 * sign-off in canSubmitOrganisationData). Decision 0036.
 */
export const isOrganisationAuthoriser = (
  p: Principal,
  collectionId: number,
  organisation: { id: number; code: string },
) =>
  submitterRolesFor(p, collectionId, organisation.id).has('Authoriser') &&
  isOwnStaff(p.providerCode, organisation.code);

/**
 * Release a lock someone else holds on one organisation's return (product decisions, "The return
 * between people"): a collection manager or administrator, or the organisation's own authoriser.
 */
export const canReleaseLockOf = (
  p: Principal,
  collectionId: number,
  organisation: { id: number; code: string },
) => canManageSubmissions(p, collectionId) || isOrganisationAuthoriser(p, collectionId, organisation);

/**
 * Send a draft back to the clerks with a reason: the organisation's own authoriser, where trust
 * authorisation is required (there is no sign-off to send back from otherwise). Decision 0036.
 */
export const canSendBack = (
  p: Principal,
  collectionId: number,
  organisation: { id: number; code: string },
  isTrustAuthorisationRequired: boolean,
) => isTrustAuthorisationRequired && isOrganisationAuthoriser(p, collectionId, organisation);

/**
 * What the user may do to a collection in its present status: the `abilities` the API sends so the web
 * app offers only what the routes will allow.
 */
export function collectionAbilitiesOf(p: Principal, collection: { id: number; status: string }) {
  const setsUp = canSetUpCollection(p, collection.id);
  return {
    canAmend: setsUp && collection.status !== 'archived',
    canDelete: setsUp && collection.status === 'draft',
    canPublish: setsUp && collection.status !== 'published',
    canArchive: setsUp && collection.status === 'published',
    canMonitor: canMonitorCollection(p, collection.id),
  };
}

/**
 * What the user may do to one organisation's return beyond filling it in: its manager's actions and
 * the regulator's authorisation (the form page's 'Manage this return' and its revisions). Each is the
 * rule its route is guarded by (submissionManage, nhsiAuthorisation) and the state its service asks
 * for, so the page offers only what the API will do. `canChangeRules` is the collection's `canAmend`
 * (the data quality rules the return's page links to).
 */
export function returnAbilitiesOf(
  p: Principal,
  collection: { id: number; status: string },
  state: {
    /** Its submission exists: revisions can be deleted. */
    started: boolean;
    /** It has been submitted (completed): it can be returned for correction. */
    submitted: boolean;
    /** It exists or its period has a form to start it with: it can be reopened until a date. */
    reopenable: boolean;
    /** Submitted, needing the regulator's authorisation and not yet given it. */
    awaitingNhsiAuthorisation: boolean;
  },
) {
  const manages = canManageSubmissions(p, collection.id);
  return {
    canReturn: manages && state.submitted,
    canReopen: manages && state.reopenable,
    canDeleteRevisions: manages && state.started,
    // The route's rule (nhsiAuthorisation) as every scoped rule: administrators too.
    canAuthoriseNhsi: (isAdmin(p) || p.isManagementOrganisationUser) && state.awaitingNhsiAuthorisation,
    canChangeRules: collectionAbilitiesOf(p, collection).canAmend,
  };
}

/** Whoever creates a collection manages it, except an administrator, who may set up every collection. */
export const becomesManagerOfNewCollection = (p: Principal) => !isAdmin(p);

/**
 * Whether the organisationDataEdit rule lets the principal in: an administrator passes every scoped
 * rule (`scoped` below), anyone else needs a submitter role at the organisation.
 */
export const mayEditOrganisationData = (p: Principal, collectionId: number, organisationId: number) =>
  isAdmin(p) || canEditOrganisationData(p, collectionId, organisationId);

/** Managers, submission managers and administrators see soft-deleted revisions (marked); submitters never. */
export const canSeeDeletedRevisions = (p: Principal, collectionId: number) =>
  canMonitorCollection(p, collectionId);

/** A printed or Excel copy of a return may show answers since deleted only to those who monitor it. */
export const maySeeDeletedAnswers = (p: Principal, collectionId: number) =>
  isAdmin(p) || canMonitorCollection(p, collectionId);

/**
 * What the principal may see (decision 0022), from their roles: platform/visibility.ts turns it into the
 * SQL every list filters with and every scoped rule below checks, so which records exist for a user is
 * decided once. What is not visible answers 404; visible but not allowed answers 403.
 */
export function viewerOf(p: Principal): Viewer {
  return {
    everything: isAdmin(p),
    monitored: [...p.collectionRoles.keys()].filter((id) => canMonitorCollection(p, id)),
    submitterOf: [...p.organisationRoles.keys()].map((key) => {
      const [collectionId, organisationId] = key.split(':').map(Number);
      return [collectionId!, organisationId!] as const;
    }),
    nhsi: p.isManagementOrganisationUser,
  };
}

/**
 * How much of the user directory (GET /User) the principal may search: administrators all of it (null);
 * a collection manager, who gives roles in their collections, the people they may need (the staff of
 * their collections' recipients and of their own organisation, whoever holds a role in their
 * collections, anyone by exact email address). Nobody else may search it (the userDirectory rule).
 */
export function directoryScopeOf(
  p: Principal,
): { managedCollectionIds: number[]; providerCode: string | null } | null {
  if (isAdmin(p)) return null;
  return {
    managedCollectionIds: [...p.collectionRoles]
      .filter(([, roles]) => roles.has('collectionManager'))
      .map(([id]) => id),
    providerCode: p.providerCode,
  };
}

const managesAnyCollection = (p: Principal) =>
  [...p.collectionRoles.values()].some((roles) => roles.has('collectionManager'));

// ---- Rules routes declare ---------------------------------------------------------------------------

export interface CollectionScope extends VisibilityScope {
  collectionId: number;
}
export interface OrganisationScope extends CollectionScope {
  organisationId: number;
}
/** Finds the scope of the record a request names; null when there is no such record (404). */
export type Locate<S> = (ctx: AccessContext) => S | null | Promise<S | null>;

/**
 * Reads a record id route parameter with the one id schema the routes validate it with
 * (packages/domain/src/ids.ts), so a rule locates exactly the record the handler will get; anything
 * else locates nothing (404).
 */
export function intParam(request: FastifyRequest, name: string): number | null {
  const parsed = idParam.safeParse((request.params as Record<string, unknown>)[name]);
  return parsed.success ? parsed.data : null;
}

export const collectionFromParam =
  (name = 'id'): Locate<CollectionScope> =>
  ({ request }) => {
    const collectionId = intParam(request, name);
    return collectionId === null ? null : { collectionId };
  };

function system(name: string, allowed: (p: Principal) => boolean): AccessRule {
  return { name, requiresSignIn: true, decide: ({ principal }) => (allowed(principal) ? 'allow' : 'deny') };
}

function scoped<S extends CollectionScope>(
  name: string,
  locate: Locate<S>,
  allowed: (p: Principal, scope: S) => boolean,
): AccessRule {
  return {
    name,
    requiresSignIn: true,
    collectionScoped: true,
    async decide(ctx) {
      const tokenCollection = ctx.principal.token?.collectionId ?? null;
      if (isAdmin(ctx.principal) && tokenCollection === null) return 'allow';
      const scope = await locate(ctx);
      ctx.request.located = { locate, scope };
      // Another collection than the token's own does not exist for the token (decision 0039).
      if (!scope || (tokenCollection !== null && scope.collectionId !== tokenCollection)) return 'hidden';
      if (isAdmin(ctx.principal)) return 'allow';
      // Not visible (another organisation's data, a draft collection to a submitter, ...): 404, not 403.
      if (!(await seesScope(ctx.db, viewerOf(ctx.principal), scope))) return 'hidden';
      return allowed(ctx.principal, scope) ? 'allow' : 'deny';
    },
  };
}

/**
 * The record a route's rule located for this request with `locate`, so the handler can hand it to the
 * service instead of reading it again; null when that locator did not run (an administrator's scoped
 * rule allows without locating) or found nothing. A change re-reads its record in its transaction,
 * under the row lock, and does not use this.
 */
export function locatedBy<S>(request: FastifyRequest, locate: Locate<S>): S | null {
  const located = request.located;
  return located !== null && located.locate === locate ? (located.scope as S | null) : null;
}

/** The collection and organisation named by two integer route parameters. */
export const organisationFromParams =
  (collection = 'id', organisation = 'orgId'): Locate<OrganisationScope> =>
  ({ request }) => {
    const collectionId = intParam(request, collection);
    const organisationId = intParam(request, organisation);
    return collectionId === null || organisationId === null ? null : { collectionId, organisationId };
  };

// ---- Personal access tokens (decision 0039) ---------------------------------------------------------

const TOKEN_READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * What a personal access token lets through before the route's rule judges its user ('deny': 403,
 * 'hidden': 404, null: the rule decides, with the user's current roles). A read token only reads (GET,
 * HEAD); a submit token only makes the return calls, the routes that declare `tokenScope: 'submit'`
 * (lock, save or submit, the bulk call). No token manages tokens (`sessionOnly` rules), and as every
 * change to users, roles and sessions is a write other than a return call, none of those either. A
 * token limited to one collection reaches only the collection-scoped rules (the rule then hides every
 * other collection): lists across collections do not exist for it.
 */
export function tokenDecision(
  token: TokenGrant,
  method: string,
  rule: AccessRule,
  route: { tokenScope?: 'submit' },
): Decision | null {
  if (rule.sessionOnly) return 'deny';
  const inScope = token.scope === 'read' ? TOKEN_READ_METHODS.has(method) : route.tokenScope === 'submit';
  if (!inScope) return 'deny';
  if (token.collectionId !== null && rule.requiresSignIn && !rule.collectionScoped) return 'hidden';
  return null;
}

export const access = {
  /** Health, sign-in and the other routes the specification makes public. */
  public: { name: 'public', requiresSignIn: false, decide: () => 'allow' } satisfies AccessRule,
  /** Any signed-in user (their own profile, lookups, feature flags). */
  signedIn: { name: 'signedIn', requiresSignIn: true, decide: () => 'allow' } satisfies AccessRule,
  /** Any signed-in user, on their own account, in the browser only: their personal access tokens. */
  ownAccountSession: {
    name: 'ownAccountSession',
    requiresSignIn: true,
    sessionOnly: true,
    decide: () => 'allow',
  } satisfies AccessRule,
  superAdmin: system('superAdmin', (p) => p.isSuperAdmin),
  admin: system('admin', isAdmin),
  /**
   * Creating collections: administrators, and managers (who become manager of what they create).
   * The decisions table gives it to administrators; managers set up their own collections in the
   * issue's journey, so both may.
   */
  createCollection: system('createCollection', (p) => isAdmin(p) || managesAnyCollection(p)),
  /** The user directory (GET /User): those who give roles, each within directoryScopeOf. */
  userDirectory: system('userDirectory', (p) => isAdmin(p) || managesAnyCollection(p)),
  /** Any manager or administrator (lists that are then filtered to what the user may see). */
  anyManager: system('anyManager', (p) => isAdmin(p) || p.collectionRoles.size > 0),
  managementOrganisation: system(
    'managementOrganisation',
    (p) => isAdmin(p) || p.isManagementOrganisationUser,
  ),
  collectionSetup: (locate: Locate<CollectionScope> = collectionFromParam()) =>
    scoped('collectionSetup', locate, (p, s) => canSetUpCollection(p, s.collectionId)),
  collectionMonitor: (locate: Locate<CollectionScope> = collectionFromParam()) =>
    scoped('collectionMonitor', locate, (p, s) => canMonitorCollection(p, s.collectionId)),
  /** Whoever sees the collection (visibility) may read its setup: overview, form, schedules, periods. */
  collectionRead: (locate: Locate<CollectionScope> = collectionFromParam()) =>
    scoped('collectionRead', locate, () => true),
  organisationDataRead: (locate: Locate<OrganisationScope>) =>
    scoped('organisationDataRead', locate, (p, s) =>
      canReadOrganisationData(p, s.collectionId, s.organisationId),
    ),
  organisationDataEdit: (locate: Locate<OrganisationScope>) =>
    scoped('organisationDataEdit', locate, (p, s) =>
      canEditOrganisationData(p, s.collectionId, s.organisationId),
    ),
  /**
   * A submission's lock: its holder (anyone who may edit) releases it; so may a collection manager. An
   * editor releases someone else's only as the organisation's authoriser (canReleaseLockOf, asked by
   * the service, which reads the organisation's code).
   */
  submissionLockRelease: (locate: Locate<OrganisationScope>) =>
    scoped(
      'submissionLockRelease',
      locate,
      (p, s) =>
        canEditOrganisationData(p, s.collectionId, s.organisationId) ||
        canManageSubmissions(p, s.collectionId),
    ),
  /**
   * Send a draft back to the clerks: authorisers of the organisation (the service then asks canSendBack,
   * which needs the organisation's code and flags: its own staff, where trust authorisation is required).
   */
  submissionSendBack: (locate: Locate<OrganisationScope>) =>
    scoped('submissionSendBack', locate, (p, s) =>
      submitterRolesFor(p, s.collectionId, s.organisationId).has('Authoriser'),
    ),
  /** Return, reopen, soft-delete revisions of one organisation's submission: collection managers. */
  submissionManage: (locate: Locate<OrganisationScope>) =>
    scoped('submissionManage', locate, (p, s) => canManageSubmissions(p, s.collectionId)),
  /** The regulator's (NHSI) authorisation of a completed submission: management-organisation users. */
  nhsiAuthorisation: (locate: Locate<OrganisationScope>) =>
    scoped('nhsiAuthorisation', locate, (p) => p.isManagementOrganisationUser),
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** A submit-scoped personal access token may call the route: the return calls (tokenDecision). */
    tokenScope?: 'submit';
  }
}
