import {
  deadlineText,
  displayStateFor,
  organisationWindowStatus,
  type SubmitterAction,
  type SubmitterReturnList,
  type SubmitterReturnParams,
} from '@dcf/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../platform/principal';
import {
  findSubmitterCollections,
  listSubmitterReturns,
  type SubmitterReturnRow,
} from './submitter-returns-queries';

/** The link the row offers, as the single-organisation home words it (start, continue, view). */
function actionOf(row: SubmitterReturnRow): SubmitterAction {
  switch (row.status) {
    case 'notYetRequired':
      return 'none';
    case 'notStarted':
      return 'start';
    case 'draft':
      return 'continue';
    case 'completed':
      return 'view';
    default:
      return row.submissionId === null ? 'none' : 'view';
  }
}

/** GET /View/Submitter/Returns: one page of the user's returns across every organisation they submit for. */
export async function getSubmitterReturns(
  db: Db,
  principal: Principal,
  params: SubmitterReturnParams,
  now = new Date(),
): Promise<SubmitterReturnList> {
  const [rows, collections] = await Promise.all([
    listSubmitterReturns(db, principal.userId, params, now),
    findSubmitterCollections(db, principal.userId),
  ]);
  return {
    items: rows.map((row) => {
      const windowStatus = organisationWindowStatus(row, row.reopenedUntil, now);
      return {
        collection: { id: row.collectionId, name: row.collectionName },
        organisation: { id: row.organisationId, name: row.organisationName, code: row.organisationCode },
        period: { id: row.periodId, name: row.periodName },
        windowStatus,
        status: row.status,
        displayState: displayStateFor(row.status, windowStatus),
        deadline: new Date(row.deadline).toISOString(),
        deadlineText: deadlineText(row, row.reopenedUntil, now),
        returned: row.status === 'draft' && row.returnedAt !== null && row.submissionStatus === 'draft',
        action: actionOf(row),
      };
    }),
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    collections,
  };
}
