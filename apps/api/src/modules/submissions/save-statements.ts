import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { type AuditEntry, auditValues } from '../../platform/audit';
import { formRowVersion, pageContextColumns, submissionColumns } from './queries';

/*
 * A save in two statements: it used to take seven inside its transaction (lock, page
 * context, form, revision, submission, audit), each a round trip and a socket write.
 */

/**
 * The submission row locked for the rest of the transaction (`for update of submission`: two saves of
 * one return run one after the other, the second seeing the first's result), with its page context and
 * its form version's row version (form-definitions.ts). undefined when there is no such submission or
 * its organisation is no longer a recipient.
 */
export function findSaveContext(tx: Tx, submissionId: number) {
  return (
    tx
      .selectFrom('submission')
      .innerJoin('reportingPeriod', 'reportingPeriod.id', 'submission.reportingPeriodId')
      .innerJoin('collection', 'collection.id', 'submission.collectionId')
      .innerJoin('collectionOrganisation', (join) =>
        join
          .onRef('collectionOrganisation.collectionId', '=', 'submission.collectionId')
          .onRef('collectionOrganisation.organisationId', '=', 'submission.organisationId'),
      )
      .innerJoin('organisation', 'organisation.id', 'submission.organisationId')
      .innerJoin('form', 'form.id', 'submission.formId')
      .select([...submissionColumns, ...pageContextColumns, formRowVersion.as('formRowVersion')])
      .where('submission.id', '=', submissionId)
      // Only the submission row: the period, collection and form stay free for everyone else's saves.
      .modifyEnd(sql`for update of submission`)
      .executeTakeFirst()
  );
}

/**
 * One statement: inserts the revision, moves the submission on (`changes`) to it (also as the official
 * revision when `official`: a submit), and writes the audit entry, whose `after` gains the new
 * revision's id. Returns the new revision's id and time.
 */
export async function writeRevision(
  tx: Tx,
  revision: {
    submissionId: number;
    status: 'draft' | 'completed';
    /** The answers as JSON text (the caller answers with the same text). */
    content: string;
    completedPages: string[];
    createdBy: number;
    declaration?: string;
    declaredBy?: number;
    declaredAt?: Date;
  },
  changes: Record<string, unknown>,
  audit: AuditEntry & { after: Record<string, unknown> },
  official: boolean,
) {
  const newRevision = sql<number>`(select id from rev)`;
  const entry = auditValues(audit);
  return tx
    .with('rev', (db) =>
      db
        .insertInto('submissionRevision')
        .values({
          ...revision,
          completedPages: JSON.stringify(revision.completedPages),
        })
        .returning(['id', 'createdAt']),
    )
    .with('sub', (db) =>
      db
        .updateTable('submission')
        .set({
          ...changes,
          currentRevisionId: newRevision,
          ...(official ? { officialRevisionId: newRevision } : {}),
        })
        .where('id', '=', revision.submissionId)
        .returning('submission.id'),
    )
    .with('aud', (db) =>
      db
        .insertInto('auditLog')
        .values({
          ...entry,
          after: sql`${entry.after}::jsonb || jsonb_build_object('currentRevisionId', (select id from rev))`,
        })
        .returning('auditLog.id'),
    )
    .selectFrom('rev')
    .select(['rev.id', 'rev.createdAt'])
    .executeTakeFirstOrThrow();
}
