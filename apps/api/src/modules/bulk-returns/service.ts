import { messages } from '@dcf/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { HttpProblem, notFound, validationProblem } from '../../platform/errors';
import { mayEditOrganisationData } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import type { Evaluator } from '../../platform/route-module';
import { findExportForms } from '../exports/queries';
import { lockReturn, releaseLock, saveRevision } from '../submissions/service';
import { claimReference, releaseReference, requestHash, storeResult } from './idempotency';
import { findRecipientsByCode, periodOfCollection } from './queries';
import { answerColumns, type BulkRow, contentOf, explanationsOf, isExplanation } from './rows';

/**
 * POST /Collection/{collectionId}/ReportingPeriod/{periodId}/Submission/Bulk (decision 0039): many
 * organisations' returns in one call, each saved (or submitted) on its own through the browser's own
 * calls: the lock (takeLock's rules), the save (saveRevision: the same checks in the evaluation box, the
 * declaration on a submit, the same audit), the lock released again. A row is saved whole or not at
 * all (the save's one transaction); one row refused does not stop the others.
 */

export interface BulkRequest {
  rows: BulkRow[];
  action: 'save' | 'submit';
  declaration: boolean;
  clientReference: string | null;
}

export type RowResult =
  | {
      row: number;
      organisationCode: string;
      outcome: 'saved' | 'submitted';
      submissionId: number;
      revisionId: number;
    }
  | {
      row: number;
      organisationCode: string;
      outcome: 'refused';
      code: string;
      message: string;
      errors?: Record<string, string[]>;
    };

export interface BulkResult {
  clientReference: string | null;
  counts: { saved: number; submitted: number; refused: number };
  results: RowResult[];
}

/** Rows saved side by side: the evaluation box has a few workers; more would only queue. */
const CONCURRENCY = 4;

export const bulkMessages = {
  notYours: 'You cannot submit returns for this organisation in this collection',
  duplicate: 'This organisation has more than one row: send one row per organisation',
  unknownColumns: 'These columns are not questions of the form',
  noCode: 'Enter the organisation code',
} as const;

export async function bulkReturns(
  scene: { db: Db; box: Evaluator; log: FastifyBaseLogger },
  principal: Principal,
  key: { collectionId: number; periodId: number },
  request: BulkRequest,
  requestId: string,
): Promise<BulkResult & { replayed: boolean }> {
  const { db } = scene;
  // A submit is signed, for every row at once: refused whole without the declaration.
  if (request.action === 'submit' && !request.declaration)
    throw validationProblem({ declaration: [messages.submissionDeclarationRequired] });
  if (!(await periodOfCollection(db, key.collectionId, key.periodId))) throw notFound();

  // Every column must be a question of the form (a typo would otherwise lose its answers silently).
  const keys = new Set(
    request.rows.flatMap((row) => Object.keys(row.answers).filter((k) => !isExplanation(k))),
  );
  const columns = answerColumns(await findExportForms(db, [key.periodId]), keys);
  const unknown = [...keys].filter((k) => !columns.has(k));
  if (unknown.length > 0) throw validationProblem({ columns: [bulkMessages.unknownColumns] }, unknown);

  let claimId: number | null = null;
  if (request.clientReference !== null) {
    const claim = await claimReference<BulkResult>(db, {
      userId: principal.userId,
      clientReference: request.clientReference,
      periodId: key.periodId,
      requestHash: requestHash([key, request.action, request.declaration, request.rows]),
    });
    if (claim.state === 'done') return { ...claim.result, replayed: true };
    claimId = claim.id;
  }
  try {
    const results = await saveRows(scene, principal, key, request, columns, requestId);
    const result: BulkResult = {
      clientReference: request.clientReference,
      counts: {
        saved: results.filter((r) => r.outcome === 'saved').length,
        submitted: results.filter((r) => r.outcome === 'submitted').length,
        refused: results.filter((r) => r.outcome === 'refused').length,
      },
      results,
    };
    if (claimId !== null) await storeResult(db, claimId, result);
    return { ...result, replayed: false };
  } catch (error) {
    if (claimId !== null) await releaseReference(db, claimId);
    throw error;
  }
}

async function saveRows(
  scene: { db: Db; box: Evaluator; log: FastifyBaseLogger },
  principal: Principal,
  key: { collectionId: number; periodId: number },
  request: BulkRequest,
  columns: Map<string, { type: string }>,
  requestId: string,
): Promise<RowResult[]> {
  const { db } = scene;
  const codes = [...new Set(request.rows.map((row) => row.organisationCode.toUpperCase()))];
  const recipients = new Map<string, number>();
  for (let i = 0; i < codes.length; i += 5000) {
    const found = await findRecipientsByCode(db, key.collectionId, codes.slice(i, i + 5000));
    for (const r of found) recipients.set(r.code.toUpperCase(), r.id);
  }
  const seen = new Map<string, number>();
  for (const row of request.rows) {
    const code = row.organisationCode.toUpperCase();
    seen.set(code, (seen.get(code) ?? 0) + 1);
  }

  const results: RowResult[] = new Array(request.rows.length);
  let next = 0;
  const worker = async () => {
    while (next < request.rows.length) {
      const index = next++;
      const row = request.rows[index] as BulkRow;
      results[index] = await saveRow(row);
    }
  };
  const refused = (row: BulkRow, code: string, message: string, errors?: Record<string, string[]>) =>
    ({
      row: row.row,
      organisationCode: row.organisationCode,
      outcome: 'refused',
      code,
      message,
      ...(errors ? { errors } : {}),
    }) as const;

  async function saveRow(row: BulkRow): Promise<RowResult> {
    const code = row.organisationCode.toUpperCase();
    if (!code) return refused(row, 'validation_failed', bulkMessages.noCode);
    if ((seen.get(code) ?? 0) > 1) return refused(row, 'validation_failed', bulkMessages.duplicate);
    const organisationId = recipients.get(code);
    // Not a recipient and not yours read the same: the answer does not say which organisations exist.
    if (organisationId === undefined || !mayEditOrganisationData(principal, key.collectionId, organisationId))
      return refused(row, 'forbidden', bulkMessages.notYours);
    const page = { ...key, organisationId };
    let locked: Awaited<ReturnType<typeof lockReturn>> | null = null;
    try {
      locked = await lockReturn(db, principal, page, requestId, undefined);
      const saved = await saveRevision(
        scene,
        principal,
        locked.submissionId,
        {
          content: contentOf(row, columns),
          status: request.action === 'submit' ? 'completed' : 'draft',
          baseRevisionId: locked.currentRevisionId,
          declaration: request.declaration,
          explanations: explanationsOf(row),
        },
        requestId,
      );
      return {
        row: row.row,
        organisationCode: row.organisationCode,
        outcome: request.action === 'submit' ? 'submitted' : 'saved',
        submissionId: saved.submissionId,
        revisionId: saved.currentRevisionId,
      };
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      return refused(row, error.code, error.extra.detail ?? error.title, error.extra.errors);
    } finally {
      // The lock is let go unless the user already held it (their own page open on the return).
      if (locked && !locked.alreadyHeld)
        await releaseLock(db, principal, page, requestId).catch((error: unknown) =>
          scene.log.warn({ err: error, organisationId }, 'bulk returns: the lock was not released'),
        );
    }
  }

  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, request.rows.length) }, worker));
  return results;
}
