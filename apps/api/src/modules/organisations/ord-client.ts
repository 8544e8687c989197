import type { OdsSyncRun } from '@dcf/domain';
import type { Db } from '../../db/database';
import type { IncomingOrganisation } from './reconcile';

/**
 * The national Organisation Data Service's ORD 2-0-0 JSON API, as both kinds of sync read it
 * (ods-full.ts, ods-incremental.ts):
 * - listing: `GET {base}/organisations?PrimaryRoleId=RO197&Limit=1000&Offset=N` answers
 *   `{ Organisations: [{ Name, OrgId, Status, PrimaryRoleId, OrgLink, ... }] }`, pages until short;
 * - detail: `GET {base}/organisations/{code}` answers `{ Organisation: { Name, OrgId: { extension },
 *   Status, Date: [{ Type: 'Operational', Start, End }], GeoLoc: { Location }, Roles: { Role: [...] },
 *   Rels: { Rel: [{ Status, Target: { OrgId: { extension } } }] }, Succs: { Succ: [{ Type, Target }] } } }`.
 * Each request is tried 3 times with backoff.
 */
export interface OrdOptions {
  baseUrl: string;
  roles?: string[];
  pageSize?: number;
  attempts?: number;
  backoffMs?: number;
  concurrency?: number;
  fetch?: typeof fetch;
  /** Told how far the sync has got (stored on its job, so any instance can show it). */
  onProgress?: (progress: SyncProgress) => Promise<void>;
}

export type SyncProgress = NonNullable<OdsSyncRun['progress']>;

export class OdsRequestError extends Error {}

interface OrdDate {
  Type?: string;
  Start?: string;
  End?: string;
}
interface OrdTarget {
  OrgId?: { extension?: string };
  PrimaryRoleId?: { id?: string };
}
export interface OrdOrganisation {
  Name: string;
  OrgId: { extension: string };
  Status?: string;
  Date?: OrdDate[];
  GeoLoc?: { Location?: Record<string, string | undefined> };
  Roles?: { Role?: { id: string; primaryRole?: boolean; Status?: string }[] };
  Rels?: { Rel?: { id?: string; Status?: string; Target?: OrdTarget }[] };
  Succs?: { Succ?: { Type?: string; Date?: OrdDate[]; Target?: OrdTarget }[] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const baseOf = (options: OrdOptions) => options.baseUrl.replace(/\/$/, '');

export async function getJson<T>(url: string, options: OrdOptions): Promise<T> {
  const attempts = options.attempts ?? 3;
  const doFetch = options.fetch ?? fetch;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await doFetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new OdsRequestError(`${url} answered ${response.status}`);
      return (await response.json()) as T;
    } catch (error) {
      last = error;
      if (attempt < attempts) await sleep((options.backoffMs ?? 250) * 2 ** (attempt - 1));
    }
  }
  throw new OdsRequestError(
    `ODS request failed after ${attempts} attempts: ${last instanceof Error ? last.message : String(last)}`,
  );
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects. */
export async function mapLimited<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** One organisation's detail record, as the register's reconciliation reads it. */
export function ordToIncoming(
  org: OrdOrganisation,
  line: number,
  regionCodes: Set<string>,
): IncomingOrganisation {
  const operational =
    org.Date?.find((d) => d.Type === 'Operational') ?? org.Date?.find((d) => d.Type === 'Legal');
  const location = org.GeoLoc?.Location ?? {};
  const region = org.Rels?.Rel?.find(
    (r) =>
      (r.Status ?? 'Active') === 'Active' &&
      regionCodes.has((r.Target?.OrgId?.extension ?? '').toUpperCase()),
  );
  const successors = (org.Succs?.Succ ?? []).filter((s) => s.Type === 'Successor');
  const latest = successors
    .sort((a, b) => (a.Date?.[0]?.Start ?? '').localeCompare(b.Date?.[0]?.Start ?? ''))
    .at(-1);
  let closureDate = operational?.End ?? null;
  if (!closureDate && org.Status === 'Inactive') closureDate = latest?.Date?.[0]?.Start ?? null;
  return {
    line,
    code: org.OrgId.extension,
    name: org.Name,
    regionCode: region?.Target?.OrgId?.extension ?? null,
    typeCode: org.Roles?.Role?.find((r) => r.primaryRole)?.id ?? null,
    openDate: operational?.Start ?? null,
    closureDate,
    addressLines: ['AddrLn1', 'AddrLn2', 'AddrLn3', 'Town', 'County']
      .map((k) => location[k])
      .filter((v): v is string => !!v),
    postcode: location.PostCode ?? null,
    successorCode: latest?.Target?.OrgId?.extension ?? null,
    // ORD says Active or Inactive; it has no dormant or proposed.
    ...(org.Status === 'Active' ? { status: 'active' as const } : {}),
    ...(org.Status === 'Inactive' ? { status: 'closed' as const } : {}),
  };
}

/**
 * Pages through the organisations of the roles this register keeps (`options.roles`, RO197 by default),
 * handing each page's codes to `onPage`; with `since`, only those changed on or after that date.
 */
export async function listRoleCodes(
  options: OrdOptions,
  since: string | null,
  onPage: (codes: string[]) => Promise<void>,
): Promise<void> {
  const base = baseOf(options);
  const limit = options.pageSize ?? 1000;
  const changedSince = since ? `&LastChangeDate=${since}` : '';
  for (const role of options.roles ?? ['RO197']) {
    for (let offset = 0; ; offset += limit) {
      const page = await getJson<{ Organisations?: { OrgId: string }[] }>(
        `${base}/organisations?PrimaryRoleId=${encodeURIComponent(role)}${changedSince}&Limit=${limit}&Offset=${offset}`,
        options,
      );
      const items = page.Organisations ?? [];
      await onPage(items.map((o) => o.OrgId));
      if (items.length < limit) break;
    }
  }
}

/** The details of `codes`, fetched `concurrency` at a time; `line` numbers count from `firstLine`. */
export async function fetchDetails(
  codes: string[],
  options: OrdOptions,
  regionCodes: Set<string>,
  firstLine: number,
  onFetched?: (fetched: number) => Promise<void>,
): Promise<IncomingOrganisation[]> {
  const base = baseOf(options);
  let fetched = 0;
  return mapLimited(codes, options.concurrency ?? 8, async (code, index) => {
    const detail = await getJson<{ Organisation: OrdOrganisation }>(
      `${base}/organisations/${encodeURIComponent(code)}`,
      options,
    );
    fetched += 1;
    await onFetched?.(fetched);
    return ordToIncoming(detail.Organisation, firstLine + index, regionCodes);
  });
}

/** The region codes ORD relationships are matched against (upper case). */
export async function regionCodesOf(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('region').select('code').execute()).map((r) => r.code.toUpperCase()));
}
