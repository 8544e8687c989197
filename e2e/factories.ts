import type { Browser } from '@playwright/test';
import { demoUsers } from '../apps/api/src/db/seed/demo-users';
import { type Api, apiOf, DAY, expect, type PersonaName, signInAs } from './fixtures';

/**
 * Test factories: what many journeys build through the API before they start (a collection, its form,
 * its recipient organisations, an open reporting period, its submitters), made in one call with the
 * spec's own names. Every spec shares one database for the whole run, so names should be unique
 * (`Date.now()`), and a demo persona is given roles only at their own organisation unless a story is
 * about the opposite (`elsewhere: true`): a persona at a second organisation gets the returns table as
 * their home, which other journeys do not expect.
 */

/** A Form.io definition as POST /Collection/{id}/Form takes it. */
export type Definition = { display?: string; components: unknown[]; [key: string]: unknown };

export interface Organisation {
  id: number;
  code: string;
  name: string;
}

/** The organisation with this ODS code (the search may find others whose name contains it). */
export async function organisationByCode(api: Api, code: string): Promise<Organisation> {
  const found = await api<{ items: Organisation[] }>(
    'GET',
    `/Organisation?query=${encodeURIComponent(code)}`,
  );
  const organisation = found.items.find((o) => o.code === code);
  if (!organisation) throw new Error(`organisationByCode: no organisation with ODS code ${code}`);
  return organisation;
}

/**
 * The first `count` ODS codes that `keep` accepts among the first `pageSize` open organisations (by
 * code): recipients for a journey about many organisations. Fails if there are fewer.
 */
export async function openOrganisationCodes(
  api: Api,
  { count, pageSize, keep }: { count: number; pageSize: number; keep: (code: string) => boolean },
): Promise<string[]> {
  const open = await api<{ items: { code: string }[] }>(
    'GET',
    `/Organisation?isOpen=true&pageSize=${pageSize}&sortBy=code`,
  );
  const codes = open.items
    .map((o) => o.code)
    .filter(keep)
    .slice(0, count);
  expect(codes).toHaveLength(count);
  return codes;
}

export async function organisationIdByCode(api: Api, code: string): Promise<number> {
  return (await organisationByCode(api, code)).id;
}

export async function userIdByEmail(api: Api, email: string): Promise<number> {
  const found = await api<{ items: { id: number; email: string }[] }>(
    'GET',
    `/User?query=${encodeURIComponent(email)}`,
  );
  const user = found.items.find((u) => u.email === email);
  if (!user) throw new Error(`userIdByEmail: nobody with email ${email}`);
  return user.id;
}

/** A demo persona's record (email, name, the ODS code of their own organisation). */
export function persona(key: PersonaName) {
  const user = demoUsers.find((u) => u.key === key);
  if (!user) throw new Error(`persona: no demo persona called '${key}'`);
  return user;
}

/** A fresh browser context signed in as `who`, with its API client; close it when done. */
export async function signedInPage(browser: Browser, who: PersonaName) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, who);
  return { page, api: apiOf(page), close: () => context.close() };
}

/** The collection fields of POST /Collection; the API's defaults are written out. */
export interface CollectionSettings {
  name: string;
  period?: string;
  isEmailEnabled?: boolean;
  trustAuthorisation?: 'notRequired' | 'optional' | 'mandatory';
  nhsiAuthorisation?: 'notRequired' | 'optional' | 'mandatory';
  notes?: string;
}

/** A draft collection with nothing in it; its id. */
export async function draftCollection(api: Api, settings: CollectionSettings): Promise<number> {
  const { id } = await api<{ id: number }>(
    'POST',
    '/Collection',
    {
      period: 'financialYear',
      trustAuthorisation: 'notRequired',
      nhsiAuthorisation: 'notRequired',
      ...settings,
    },
    201,
  );
  return id;
}

/** Uploads a form; the stored version (custom JavaScript converted to JSON Logic). */
export async function uploadForm(api: Api, collectionId: number, definition: Definition) {
  return api<{ id: number; definition: Definition }>(
    'POST',
    `/Collection/${collectionId}/Form`,
    { definition },
    201,
  );
}

/** Adds recipient organisations by ODS code, in the order given. */
export async function addRecipients(api: Api, collectionId: number, codes: readonly string[]) {
  const organisations = await Promise.all(codes.map((code) => organisationByCode(api, code)));
  await api('PUT', `/Collection/${collectionId}/Organisation/Bulk`, { add: organisations.map((o) => o.id) });
  return organisations;
}

/** The body of POST /Collection/{id}/ReportingPeriod, as the API and the period form take it. */
export type PeriodBody = Record<string, unknown> & { name: string };

/**
 * A period that opened a day ago and closes in three days (its dates ten days ago), so returns can be
 * made now; any field can be replaced.
 */
export function openPeriodBody(overrides: Partial<PeriodBody> & { name: string }): PeriodBody {
  const now = Date.now();
  const start = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  return {
    start,
    end: start,
    submissionsOpen: new Date(now - DAY).toISOString(),
    submissionsClose: new Date(now + 3 * DAY).toISOString(),
    ...overrides,
  };
}

export async function addPeriod(api: Api, collectionId: number, body: PeriodBody) {
  const { id } = await api<{ id: number }>(
    'POST',
    `/Collection/${collectionId}/ReportingPeriod`,
    { collectionId, ...body },
    201,
  );
  return id;
}

export async function publish(api: Api, collectionId: number) {
  await api('PATCH', `/Collection/${collectionId}/Status`, { status: 'Published' });
}

export type SubmitterRole = 'DataEntryClerk' | 'Authoriser';

export interface Access {
  /** ODS code of a recipient organisation. */
  code: string;
  persona: PersonaName;
  roles: SubmitterRole[];
  /** The persona works elsewhere: only for stories about that (see the header). */
  elsewhere?: true;
}

/** Chris Clerk and Alex Authoriser at their own trust, RJ1: the pair of a sign-off journey. */
export const clerkAndAuthoriserAtRJ1: readonly Access[] = [
  { code: 'RJ1', persona: 'clerkA', roles: ['DataEntryClerk'] },
  { code: 'RJ1', persona: 'authoriserA', roles: ['Authoriser'] },
];

/** `who` as a data entry clerk at each of `codes`, wherever they work: the story of a clerk at many organisations. */
export const clerkAtEach = (codes: readonly string[], who: PersonaName): Access[] =>
  codes.map((code) => ({ code, persona: who, roles: ['DataEntryClerk'], elsewhere: true }));

export async function giveAccess(
  api: Api,
  collectionId: number,
  organisations: Organisation[],
  access: Access,
) {
  const who = persona(access.persona);
  if (who.providerCode !== access.code && !access.elsewhere)
    throw new Error(
      `giveAccess: ${access.persona} works at ${who.providerCode}, not ${access.code} (say elsewhere: true if the story needs it)`,
    );
  const organisation = organisations.find((o) => o.code === access.code);
  if (!organisation)
    throw new Error(`giveAccess: ${access.code} is not a recipient of collection ${collectionId}`);
  await api('PUT', `/Collection/${collectionId}/Organisation/${organisation.id}/SubmitterAccess`, {
    userId: await userIdByEmail(api, who.email),
    roles: access.roles,
  });
}

/** The one-question form most journeys need. */
export const headcountForm: Definition = {
  display: 'form',
  components: [{ type: 'number', key: 'headcount', label: 'Headcount', input: true }],
};

export interface CollectionOptions extends Omit<CollectionSettings, 'period'> {
  /** The form uploaded (none when null). */
  form?: Definition | null;
  /** ODS codes of the recipient organisations. */
  codes?: readonly string[];
  /** One reporting period (see openPeriodBody), none when null. */
  period?: PeriodBody | null;
  /** Submitter roles, given after publishing. */
  access?: readonly Access[];
  /** Published unless false. */
  published?: boolean;
}

export interface BuiltCollection {
  id: number;
  name: string;
  formId: number | null;
  /** The form as stored. */
  definition: Definition | null;
  organisations: Organisation[];
  periodId: number;
  /** The period's body as posted (for a later PUT). */
  period: PeriodBody | null;
  organisation(code: string): Organisation;
  /** The return's form page of an organisation for the period. */
  formUrl(code: string): string;
  /** API address of an organisation's submission for the period (.../Submission). */
  submissionApi(code: string): string;
  /** The manager's view of the period. */
  periodUrl: string;
  /** The collection's set-up overview. */
  amendUrl: string;
}

/**
 * A collection built as a manager would: created, form uploaded, recipients added, one period
 * (open now unless given), published, submitter roles given. Signed in as a manager (apiOf(page)).
 */
export async function publishedCollection(api: Api, options: CollectionOptions): Promise<BuiltCollection> {
  const { form = headcountForm, codes = [], access = [], published = true, period: _, ...settings } = options;
  const period =
    options.period === undefined ? openPeriodBody({ name: `${options.name} period` }) : options.period;
  const id = await draftCollection(api, { ...settings, period: 'financialYear' });
  const stored = form ? await uploadForm(api, id, form) : null;
  const organisations = codes.length > 0 ? await addRecipients(api, id, codes) : [];
  const periodId = period ? await addPeriod(api, id, period) : Number.NaN;
  if (published) await publish(api, id);
  for (const entry of access) await giveAccess(api, id, organisations, entry);
  const organisation = (code: string) => {
    const found = organisations.find((o) => o.code === code);
    if (!found) throw new Error(`${code} is not a recipient of ${options.name}`);
    return found;
  };
  return {
    id,
    name: options.name,
    formId: stored?.id ?? null,
    definition: stored?.definition ?? null,
    organisations,
    periodId,
    period,
    organisation,
    formUrl: (code) =>
      `/form/collection/${id}/organisation/${organisation(code).id}/reportingPeriod/${periodId}`,
    submissionApi: (code) =>
      `/Collection/${id}/ReportingPeriod/${periodId}/Organisation/${organisation(code).id}/Submission`,
    periodUrl: `/collection/manage/reportingPeriod/${periodId}`,
    amendUrl: `/collection/amend/${id}/overview`,
  };
}

/**
 * Saves a return as a submitter through the API: takes the lock, saves a draft or submits, and lets the
 * lock go as a person leaving the return does (else it holds the return for 20 minutes against anyone
 * who opens it next).
 */
export async function saveReturn(
  browser: Browser,
  who: PersonaName,
  submissionApi: string,
  content: Record<string, unknown>,
  status: 'draft' | 'completed',
): Promise<number> {
  const submitter = await signedInPage(browser, who);
  const view = await submitter.api<{ submissionId: number }>('POST', `${submissionApi}/Lock`);
  await submitter.api(
    'POST',
    `/Submission/${view.submissionId}/SubmissionRevision`,
    { content, status, baseRevisionId: null, declaration: status === 'completed' },
    201,
  );
  await submitter.api('DELETE', `${submissionApi}/Lock`, undefined, 204);
  await submitter.close();
  return view.submissionId;
}
