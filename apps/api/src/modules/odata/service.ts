import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { viewerOf } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { findCollection } from '../collections/queries';
import { findExportForms, findExportPeriods } from '../exports/queries';
import { type Snapshot, startInSnapshot } from '../exports/snapshot';
import { compileFilter } from './filter';
import { type FeedModel, feedModel, type Property } from './model';
import { type FeedOptions, ODataQueryError } from './options';
import {
  countRows,
  type FeedScope,
  type FeedSet,
  filterableOf,
  gridSet,
  pageKeys,
  returnsSet,
  rowsByKeys,
} from './queries';
import { entityOf } from './values';

/** Rows read per query while a page streams (the export's batch). */
const BATCH = 500;

/** The collection's model, from the form versions of its periods and returns (as the export reads them). */
export async function modelOf(db: Db, collectionId: number): Promise<FeedModel> {
  const periods = await findExportPeriods(db, collectionId);
  return feedModel(
    await findExportForms(
      db,
      periods.map((p) => p.id),
    ),
  );
}

/** The model for the service document and $metadata: the collection must exist (the rule found it). */
export async function readModel(db: Db, collectionId: number): Promise<FeedModel> {
  if (!(await findCollection(db, collectionId))) throw notFound();
  return modelOf(db, collectionId);
}

export interface FeedRequest {
  collectionId: number;
  /** `Returns` or a grid's set name. */
  setName: string;
  options: FeedOptions;
  pageSize: number;
  /** The service root's URL and the set's (absolute, for @odata.context and @odata.nextLink). */
  serviceRoot: string;
  /** The request's query string, to carry into the next page's link. */
  query: URLSearchParams;
}

export interface FeedPage {
  stream: PassThrough;
  rows: number;
}

/**
 * One page of an entity set, streamed: the options are checked against the model, then the count and
 * the page's keys are read, then its rows in batches, all in one snapshot (exports/snapshot.ts).
 */
export async function readPage(
  db: Db,
  principal: Principal,
  request: FeedRequest,
  requestId: string,
): Promise<FeedPage> {
  return startInSnapshot(db, (snapshot) => pageInSnapshot(snapshot, principal, request, requestId));
}

/** The set a request names and its options as SQL, checked against the collection's model. */
async function querySet(
  db: Db,
  principal: Principal,
  collectionId: number,
  setName: string,
  options: FeedOptions,
) {
  const model = await modelOf(db, collectionId);
  const scope: FeedScope = { collectionId, viewer: viewerOf(principal), now: new Date() };
  const grid = model.grids.find((g) => g.name === setName);
  if (setName !== 'Returns' && !grid) throw notFound();
  const properties = grid ? grid.properties : model.returns;
  const set: FeedSet = grid ? gridSet(scope, grid.path) : returnsSet(scope);

  const byName = new Map(properties.map((p) => [p.name, p]));
  const resolve = (name: string, option: string): Property => {
    const p = byName.get(name);
    if (!p) throw new ODataQueryError(`${option}: ${setName} has no property ${name}.`);
    return p;
  };
  const selected = options.select
    ? [...new Set(options.select)].map((n) => resolve(n, '$select'))
    : properties;
  const where = options.filter
    ? compileFilter(options.filter, (name) => filterableOf(resolve(name, '$filter')))
    : sql<boolean>`true`;
  const order = options.orderBy.map((item) => {
    const { expr } = filterableOf(resolve(item.name, '$orderby'));
    if (!expr) throw new ODataQueryError(`$orderby: ${item.name} cannot be sorted on.`);
    return { expr, descending: item.descending };
  });
  return { set, selected, where, order };
}

/** `.../{set}/$count`: the number of rows the $filter keeps, as plain text (Power Query's row count). */
export async function readCount(
  db: Db,
  principal: Principal,
  request: Pick<FeedRequest, 'collectionId' | 'setName' | 'options'>,
): Promise<number> {
  const { set, where } = await querySet(
    db,
    principal,
    request.collectionId,
    request.setName,
    request.options,
  );
  return countRows(db, set, where);
}

async function pageInSnapshot(
  snapshot: Snapshot,
  principal: Principal,
  request: FeedRequest,
  requestId: string,
): Promise<FeedPage> {
  const db = snapshot.db;
  const { options } = request;
  const { set, selected, where, order } = await querySet(
    db,
    principal,
    request.collectionId,
    request.setName,
    options,
  );

  const count = options.count ? await countRows(db, set, where) : null;
  // This page: from $skip plus the rows earlier pages sent, at most a page, within $top.
  const left = options.top === null ? Number.POSITIVE_INFINITY : options.top - options.skipToken;
  const size = Math.max(0, Math.min(request.pageSize, left));
  // One key more than the page tells whether the page size (not $top) ended it: then a next page.
  const cutByPageSize = size < left;
  const limit = cutByPageSize ? size + 1 : size;
  const keys =
    limit === 0 ? [] : await pageKeys(db, set, where, order, options.skip + options.skipToken, limit);
  const more = keys.length > size;
  if (more) keys.pop();

  // One entry per read of the feed (its first page), not per page: a refresh follows many nextLinks.
  if (options.skipToken === 0)
    await writeAudit(db, {
      userId: principal.userId,
      action: 'odata.read',
      entityType: 'collection',
      entityId: request.collectionId,
      collectionId: request.collectionId,
      after: {
        set: request.setName,
        filter: options.filter,
        skip: options.skip + options.skipToken,
        rows: keys.length,
      },
      requestId,
    });

  const head: Record<string, unknown> = {
    '@odata.context': `${request.serviceRoot}/$metadata#${request.setName}${options.select ? `(${selected.map((p) => p.name).join(',')})` : ''}`,
  };
  if (count !== null) head['@odata.count'] = count;
  if (more) {
    const next = new URLSearchParams(request.query);
    next.set('$skiptoken', String(options.skipToken + keys.length));
    head['@odata.nextLink'] =
      `${request.serviceRoot}/${request.setName}?${next.toString().replace(/\+/g, '%20')}`;
  }
  const stream = new PassThrough();
  pump(snapshot, stream, set, keys, selected, head).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { stream, rows: keys.length };
}

/** Writes the page: the annotations, then the rows batch by batch, each batch read as the last is written. */
async function pump(
  snapshot: Snapshot,
  stream: PassThrough,
  set: FeedSet,
  keys: number[][],
  properties: Property[],
  head: Record<string, unknown>,
) {
  const write = (text: string) =>
    stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once('drain', resolve));
  try {
    await write(`${JSON.stringify(head).slice(0, -1)},"value":[`);
    const read = (from: number) => rowsByKeys(snapshot.db, set, keys.slice(from, from + BATCH));
    let next = keys.length > 0 ? read(0) : undefined;
    let separator = '';
    for (let i = 0; next; i += BATCH) {
      const rows = await next;
      next = i + BATCH < keys.length ? read(i + BATCH) : undefined;
      next?.catch(() => {});
      // The batch's rows come back in any order: put them in the page's.
      const byKey = new Map(rows.map((row) => [keyOf(row, set), row]));
      const parts = keys.slice(i, i + BATCH).map((key) => {
        const row = byKey.get(key.join(':'));
        return row ? JSON.stringify(entityOf(row, properties)) : null;
      });
      for (const part of parts) {
        if (part === null) continue;
        await write(`${separator}${part}`);
        separator = ',';
      }
    }
  } finally {
    await snapshot.end();
  }
  stream.end(']}');
}

const keyOf = (row: { periodId: number; organisationId: number; rowNumber?: number }, set: FeedSet) =>
  (set.keys.length === 3
    ? [row.periodId, row.organisationId, row.rowNumber]
    : [row.periodId, row.organisationId]
  ).join(':');
