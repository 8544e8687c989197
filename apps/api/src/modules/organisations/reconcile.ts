import { type ImportReport, isOrganisationOpen, londonToday, type OdsStatus } from '@dcf/domain';
import type { Tx } from '../../db/database';

/** One organisation as an external source (ODS CSV extract, ORD API) describes it. */
export interface IncomingOrganisation {
  /** Where it came from, for failure reports: a CSV line, or the position in the sync. */
  line: number;
  code: string;
  name: string;
  /** Region (NHS England region / national grouping) ODS code; unknown codes leave the region empty. */
  regionCode: string | null;
  /** ODS primary role id (RO197) or a type's name; unknown or null keeps the organisation's current type. */
  typeCode: string | null;
  /** Integrated care board code (matched against the ICB list); unknown or absent keeps the current one. */
  icbCode?: string | null;
  /** The code of the organisation it belongs to; linked once every code exists, like successors. */
  parentCode?: string | null;
  /** Status in the register; undefined when the source does not say (the current one is kept). */
  status?: OdsStatus | null;
  /** Dates, address and postcode: undefined when the source does not say (the current value is kept). */
  openDate: string | null | undefined;
  closureDate: string | null | undefined;
  addressLines: string[] | undefined;
  postcode: string | null | undefined;
  /** ODS code of the organisation that succeeded this one (merger), when known. */
  successorCode?: string | null;
}

export interface ReconcileOptions {
  dryRun: boolean;
  userId: number | null;
  /** Audit action for each change, e.g. 'organisation.import' or 'organisation.sync'. */
  action: string;
  requestId?: string | null;
  today?: string;
  /** Type for organisations the source gives none: chosen by the administrator on import. */
  defaultTypeId?: number | null;
  /** Refusals the source already made (bad lines), reported with the reconcile's own. */
  refused?: ImportReport['refused'];
  layout?: ImportReport['layout'];
}

/** The report keeps the first 1,000 refusals (a hostile file can have 100,000); the count has them all. */
export const MAX_LISTED_REFUSALS = 1000;

type Existing = {
  id: number;
  code: string;
  name: string;
  regionId: number | null;
  organisationTypeId: number | null;
  openDate: string | null;
  closureDate: string | null;
  successorId: number | null;
  parentId: number | null;
  stpId: number | null;
  odsStatus: OdsStatus | null;
  postcode: string | null;
  addressLines: string[];
};

const BATCH = 500;

/**
 * Applies a register (a file, or records from the ORD API) in the caller's transaction, upserting by ODS
 * code: new codes are added, changed names, regions, ICBs, types, statuses, dates and addresses are
 * updated; an open organisation the register now says is closed or dormant counts as "closed"; successors
 * and parents are linked by code once every code exists. Invalid rows are reported and skipped; everything
 * else lands together (the caller's transaction) or, for a dry run, nothing does. Every change is audited
 * with its before and after.
 */
export async function reconcileOrganisations(
  tx: Tx,
  incoming: IncomingOrganisation[],
  options: ReconcileOptions,
): Promise<ImportReport> {
  const today = options.today ?? londonToday();
  const refused = [...(options.refused ?? [])];
  const counts = { added: 0, updated: 0, closed: 0, alreadyClosed: 0, unchanged: 0 };
  const upperMap = async (rows: Promise<{ id: number; code: string }[]>) =>
    new Map((await rows).map((r) => [r.code.toUpperCase(), r.id]));
  const regionIds = await upperMap(tx.selectFrom('region').select(['id', 'code']).execute());
  const stpIds = await upperMap(tx.selectFrom('stp').select(['id', 'code']).execute());
  const types = await tx
    .selectFrom('organisationType')
    .select(['id', 'code', 'shortDescription', 'longDescription'])
    .execute();
  // A type is named by its ODS role id, or by its short or long description as a file might write it.
  const typeIds = new Map<string, number>();
  for (const t of types) {
    typeIds.set(t.longDescription.toUpperCase(), t.id);
    typeIds.set(t.shortDescription.toUpperCase(), t.id);
    typeIds.set(t.code.toUpperCase(), t.id);
  }
  const typeNames = new Map(types.map((t) => [t.id, t.shortDescription]));
  const existing = new Map<string, Existing>(
    (
      await tx
        .selectFrom('organisation')
        .select([
          'id',
          'code',
          'name',
          'regionId',
          'organisationTypeId',
          'openDate',
          'closureDate',
          'successorId',
          'parentId',
          'stpId',
          'odsStatus',
          'postcode',
          'addressLines',
        ])
        .execute()
    ).map((o) => [o.code.toUpperCase(), o]),
  );

  const seen = new Set<string>();
  const accepted: IncomingOrganisation[] = [];
  const inserts: Omit<Existing, 'id' | 'successorId' | 'parentId'>[] = [];
  const updates: { before: Existing; after: Partial<Existing> }[] = [];
  const audits: { entityId: string | number; before: unknown; after: unknown; action: string }[] = [];
  const typeCounts = new Map<number | null, number>();
  let untyped = 0;

  for (const item of incoming) {
    const code = item.code.trim().toUpperCase();
    const name = item.name.trim();
    const refuse = (reason: string) => refused.push({ line: item.line, code, reason });
    // Register names are taken as the register has them (a practice may be called "T2"): the
    // 3-character rule is the screen's, for typing.
    if (code.length < 3) {
      refuse('Code must be minimum three characters long');
      continue;
    }
    if (name.length === 0) {
      refuse('The name is missing');
      continue;
    }
    if (name.length > 250) {
      refuse('Name can not exceed the maximum length of 250');
      continue;
    }
    if (seen.has(code)) {
      refuse('The same code appears more than once');
      continue;
    }
    let typeId: number | null = null;
    if (item.typeCode) {
      typeId = typeIds.get(item.typeCode.trim().toUpperCase()) ?? null;
      if (typeId === null) {
        refuse(`The organisation type '${item.typeCode.slice(0, 40)}' is not one this service knows`);
        continue;
      }
    }
    seen.add(code);
    accepted.push(item);
    if (typeId === null) untyped++;
    typeId ??= options.defaultTypeId ?? null;
    const regionId = item.regionCode ? (regionIds.get(item.regionCode.toUpperCase()) ?? null) : null;
    const stpId = item.icbCode ? (stpIds.get(item.icbCode.toUpperCase()) ?? null) : null;
    const status = item.status === undefined ? undefined : item.status;
    const current = existing.get(code);
    typeCounts.set(
      typeId ?? current?.organisationTypeId ?? null,
      (typeCounts.get(typeId ?? current?.organisationTypeId ?? null) ?? 0) + 1,
    );
    if (!current) {
      inserts.push({
        code,
        name,
        regionId,
        stpId,
        organisationTypeId: typeId,
        odsStatus: status ?? null,
        openDate: item.openDate ?? null,
        closureDate: item.closureDate ?? null,
        addressLines: item.addressLines ?? [],
        postcode: item.postcode || null,
      });
      counts.added++;
      continue;
    }
    const next: Partial<Existing> = {};
    if (current.name !== name) next.name = name;
    if (regionId !== null && current.regionId !== regionId) next.regionId = regionId;
    if (stpId !== null && current.stpId !== stpId) next.stpId = stpId;
    if (typeId !== null && current.organisationTypeId !== typeId) next.organisationTypeId = typeId;
    if (status !== undefined && current.odsStatus !== status) next.odsStatus = status;
    if (item.openDate && current.openDate !== item.openDate) next.openDate = item.openDate;
    if (item.closureDate !== undefined && current.closureDate !== item.closureDate)
      next.closureDate = item.closureDate;
    if (item.postcode !== undefined && (item.postcode || null) !== current.postcode)
      next.postcode = item.postcode || null;
    if (item.addressLines !== undefined && item.addressLines.join('\n') !== current.addressLines.join('\n'))
      next.addressLines = item.addressLines;
    const wasOpen = isOrganisationOpen(current.closureDate, today, current.odsStatus);
    if (Object.keys(next).length === 0) {
      if (wasOpen) counts.unchanged++;
      else counts.alreadyClosed++;
      continue;
    }
    const after = { ...current, ...next };
    if (wasOpen && !isOrganisationOpen(after.closureDate, today, after.odsStatus)) counts.closed++;
    else counts.updated++;
    updates.push({ before: current, after: next });
  }

  if (!options.dryRun) {
    for (let i = 0; i < inserts.length; i += BATCH) {
      const rows = await tx
        .insertInto('organisation')
        .values(inserts.slice(i, i + BATCH))
        .returning([
          'id',
          'code',
          'name',
          'regionId',
          'stpId',
          'organisationTypeId',
          'odsStatus',
          'openDate',
          'closureDate',
          'successorId',
          'parentId',
          'postcode',
          'addressLines',
        ])
        .execute();
      for (const row of rows) {
        existing.set(row.code, row);
        const { successorId: _s, parentId: _p, ...after } = row;
        audits.push({ entityId: row.id, before: null, after, action: `${options.action}.add` });
      }
    }
    for (const { before, after } of updates) {
      await tx
        .updateTable('organisation')
        .set({ ...after, updatedAt: new Date() })
        .where('id', '=', before.id)
        .execute();
      const was = Object.fromEntries(Object.keys(after).map((k) => [k, before[k as keyof Existing]]));
      audits.push({ entityId: before.id, before: was, after, action: `${options.action}.update` });
    }
  }

  // Successors and parents: linked once every code in the register exists.
  for (const item of accepted) {
    const self = existing.get(item.code.trim().toUpperCase());
    if (!self) continue;
    const links: Partial<Pick<Existing, 'successorId' | 'parentId'>> = {};
    const successor = item.successorCode ? existing.get(item.successorCode.trim().toUpperCase()) : undefined;
    if (successor && successor.id !== self.id && self.successorId !== successor.id)
      links.successorId = successor.id;
    const parent = item.parentCode ? existing.get(item.parentCode.trim().toUpperCase()) : undefined;
    if (parent && parent.id !== self.id && self.parentId !== parent.id) links.parentId = parent.id;
    if (Object.keys(links).length === 0) continue;
    if (!options.dryRun) {
      await tx.updateTable('organisation').set(links).where('id', '=', self.id).execute();
      const was = Object.fromEntries(Object.keys(links).map((k) => [k, self[k as keyof Existing]]));
      audits.push({ entityId: self.id, before: was, after: links, action: `${options.action}.update` });
    }
    Object.assign(self, links);
  }

  for (let i = 0; i < audits.length; i += BATCH) {
    await tx
      .insertInto('auditLog')
      .values(
        audits.slice(i, i + BATCH).map((a) => ({
          userId: options.userId,
          action: a.action,
          entityType: 'organisation',
          entityId: String(a.entityId),
          organisationId: Number(a.entityId),
          before: a.before === null ? null : JSON.stringify(a.before),
          after: JSON.stringify(a.after),
          requestId: options.requestId ?? null,
        })),
      )
      .execute();
  }
  refused.sort((a, b) => a.line - b.line);
  return {
    dryRun: options.dryRun,
    ...(options.layout ? { layout: options.layout } : {}),
    ...counts,
    refused: refused.slice(0, MAX_LISTED_REFUSALS),
    refusedCount: refused.length,
    types: [...typeCounts]
      .map(([id, count]) => ({
        organisationTypeId: id,
        name: id === null ? 'No type (the file does not say)' : (typeNames.get(id) ?? String(id)),
        count,
      }))
      .sort((a, b) => b.count - a.count),
    untyped,
  };
}
