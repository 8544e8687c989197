import { type ImportReport, isOrganisationOpen, londonToday } from '@dcf/domain';
import type { Tx } from '../../db/database';

/** One organisation as an external source (ODS CSV extract, ORD API) describes it. */
export interface IncomingOrganisation {
  /** Where it came from, for failure reports: a CSV line, or the position in the sync. */
  line: number;
  code: string;
  name: string;
  /** Region (NHS England region / national grouping) ODS code; unknown codes leave the region empty. */
  regionCode: string | null;
  /** ODS primary role id, e.g. RO197; unknown or null keeps the organisation's current type. */
  typeCode: string | null;
  openDate: string | null;
  closureDate: string | null;
  addressLines: string[];
  postcode: string | null;
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
}

type Existing = {
  id: number;
  code: string;
  name: string;
  regionId: number | null;
  organisationTypeId: number | null;
  openDate: string | null;
  closureDate: string | null;
  successorId: number | null;
  postcode: string | null;
  addressLines: string[];
};

const BATCH = 500;

/**
 * Applies a whole external register in the caller's transaction, upserting by ODS code: new codes are
 * added, changed names, regions, types, dates and addresses are updated, a closure date that makes an
 * open organisation closed counts as "closed", successors are linked by code. Invalid rows are reported
 * and skipped; everything else lands together (the caller's transaction) or, for a dry run, nothing does.
 * Every change is audited with its before and after.
 */
export async function reconcileOrganisations(
  tx: Tx,
  incoming: IncomingOrganisation[],
  options: ReconcileOptions,
): Promise<ImportReport> {
  const today = options.today ?? londonToday();
  const report: ImportReport = {
    dryRun: options.dryRun,
    added: 0,
    updated: 0,
    closed: 0,
    unchanged: 0,
    failed: [],
  };
  const regionIds = new Map(
    (await tx.selectFrom('region').select(['id', 'code']).execute()).map((r) => [r.code.toUpperCase(), r.id]),
  );
  const typeIds = new Map(
    (await tx.selectFrom('organisationType').select(['id', 'code']).execute()).map((r) => [
      r.code.toUpperCase(),
      r.id,
    ]),
  );
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
          'postcode',
          'addressLines',
        ])
        .execute()
    ).map((o) => [o.code.toUpperCase(), o]),
  );

  const seen = new Set<string>();
  const inserts: (IncomingOrganisation & { regionId: number | null; organisationTypeId: number | null })[] =
    [];
  const updates: { before: Existing; after: Partial<Existing> }[] = [];
  const audits: { entityId: string | number; before: unknown; after: unknown; action: string }[] = [];

  for (const item of incoming) {
    const code = item.code.trim().toUpperCase();
    const name = item.name.trim();
    const fail = (reason: string) => report.failed.push({ line: item.line, code, reason });
    if (code.length < 3) {
      fail('Code must be minimum three characters long');
      continue;
    }
    if (name.length < 3) {
      fail('Name must be minimum three characters long');
      continue;
    }
    if (name.length > 250) {
      fail('Name can not exceed the maximum length of 250');
      continue;
    }
    if (seen.has(code)) {
      fail('The same code appears more than once');
      continue;
    }
    seen.add(code);
    const regionId = item.regionCode ? (regionIds.get(item.regionCode.toUpperCase()) ?? null) : null;
    const typeId = item.typeCode ? (typeIds.get(item.typeCode.toUpperCase()) ?? null) : null;
    const current = existing.get(code);
    if (!current) {
      inserts.push({ ...item, code, name, regionId, organisationTypeId: typeId });
      report.added++;
      continue;
    }
    const next: Partial<Existing> = {};
    if (current.name !== name) next.name = name;
    if (regionId !== null && current.regionId !== regionId) next.regionId = regionId;
    if (typeId !== null && current.organisationTypeId !== typeId) next.organisationTypeId = typeId;
    if (item.openDate && current.openDate !== item.openDate) next.openDate = item.openDate;
    if (current.closureDate !== item.closureDate) next.closureDate = item.closureDate;
    if ((item.postcode || null) !== current.postcode) next.postcode = item.postcode || null;
    if (item.addressLines.join('\n') !== current.addressLines.join('\n'))
      next.addressLines = item.addressLines;
    if (Object.keys(next).length === 0) {
      report.unchanged++;
      continue;
    }
    const closes =
      'closureDate' in next &&
      isOrganisationOpen(current.closureDate, today) &&
      !isOrganisationOpen(next.closureDate, today);
    if (closes) report.closed++;
    else report.updated++;
    updates.push({ before: current, after: next });
  }

  if (!options.dryRun) {
    for (let i = 0; i < inserts.length; i += BATCH) {
      const rows = await tx
        .insertInto('organisation')
        .values(
          inserts.slice(i, i + BATCH).map((o) => ({
            code: o.code,
            name: o.name,
            regionId: o.regionId,
            organisationTypeId: o.organisationTypeId,
            openDate: o.openDate,
            closureDate: o.closureDate,
            addressLines: o.addressLines,
            postcode: o.postcode || null,
          })),
        )
        .returning(['id', 'code', 'name', 'regionId', 'organisationTypeId', 'closureDate'])
        .execute();
      for (const row of rows) {
        existing.set(row.code, {
          ...row,
          openDate: null,
          successorId: null,
          postcode: null,
          addressLines: [],
        });
        audits.push({ entityId: row.id, before: null, after: row, action: `${options.action}.add` });
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

  // Successors: linked once every code in the register exists.
  for (const item of incoming) {
    if (!item.successorCode) continue;
    const self = existing.get(item.code.trim().toUpperCase());
    const successor = existing.get(item.successorCode.trim().toUpperCase());
    if (!self || !successor || self.id === successor.id || self.successorId === successor.id) continue;
    if (!options.dryRun) {
      await tx
        .updateTable('organisation')
        .set({ successorId: successor.id })
        .where('id', '=', self.id)
        .execute();
      audits.push({
        entityId: self.id,
        before: { successorId: self.successorId },
        after: { successorId: successor.id },
        action: `${options.action}.update`,
      });
    }
    self.successorId = successor.id;
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
  return report;
}
