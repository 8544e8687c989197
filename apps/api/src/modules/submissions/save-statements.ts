import { sql } from 'kysely';
import { compiledStatement, slotsFor, slotValues } from '../../db/compiled-statement';
import type { Db, Tx } from '../../db/database';
import { type AuditEntry, auditValues } from '../../platform/audit';
import { ruleInputsStamp } from '../data-quality/queries';
import { formRowVersion, pageContextColumns, submissionColumns } from './queries';

/*
 * A save in two statements: it used to take seven inside its transaction (lock, page
 * context, form, revision, submission, audit), each a round trip and a socket write. Both are
 * compiled once per process (compiled-statement.ts).
 */

/**
 * The submission row locked for the rest of the transaction (`for update of submission`: two saves of
 * one return run one after the other, the second seeing the first's result), with its page context and
 * its form version's row version (form-definitions.ts). undefined when there is no such submission or
 * its organisation is no longer a recipient.
 */
const saveContext = compiledStatement((db, slot) =>
  db
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
    .select([
      ...submissionColumns,
      ...pageContextColumns,
      formRowVersion.as('formRowVersion'),
      // Who sent it for sign-off or back (decision 0036), for the save's answer.
      userNameOf('submission.sent_for_signoff_by').as('sentForSignoffName'),
      userNameOf('submission.sent_back_by').as('sentBackName'),
      // Whether the rules' inputs read before the transaction still hold (data-quality/queries.ts).
      sql<string | null>`case when ${slot('readsRuleInputs')}::boolean
        then ${ruleInputsStamp('submission.id')} end`.as('ruleInputsStamp'),
    ])
    .where('submission.id', '=', slot('submissionId'))
    // Only the submission row: the period, collection and form stay free for everyone else's saves.
    .modifyEnd(sql`for update of submission`),
);

function userNameOf(column: string) {
  return sql<
    string | null
  >`(select coalesce(u.name, u.email) from app_user u where u.id = ${sql.ref(column)})`;
}

/** `readsRuleInputs`: the form version has rules, so the row carries their inputs' stamp. */
export async function findSaveContext(tx: Tx, submissionId: number, readsRuleInputs: boolean) {
  const [row] = await saveContext.rows(tx, { submissionId, readsRuleInputs });
  return row;
}

interface RevisionValues {
  submissionId: number;
  status: 'draft' | 'completed';
  /** The answers as JSON text (the caller answers with the same text). */
  content: string;
  completedPages: string[];
  createdBy: number;
  declaration?: string;
  declaredBy?: number;
  declaredAt?: Date;
  /** The data quality findings as JSON text, and how many are warnings (only when there are some). */
  dataQuality?: string;
  dataQualityWarnings?: number;
}

interface WriteShape {
  revision: Omit<RevisionValues, 'completedPages'> & { completedPages: string };
  changes: Record<string, unknown>;
  entry: ReturnType<typeof auditValues>;
  official: boolean;
}

/** The write statement of one shape (which columns a draft or a submit sets), compiled once. */
function writeStatement({ revision, changes, entry, official }: WriteShape) {
  return compiledStatement((db, slot) => {
    const newRevision = sql<number>`(select id from rev)`;
    const audit = slotsFor('audit', entry, slot);
    return db
      .with('rev', (q) =>
        q
          .insertInto('submissionRevision')
          .values(slotsFor('revision', revision, slot))
          .returning(['id', 'createdAt']),
      )
      .with('sub', (q) =>
        q
          .updateTable('submission')
          .set({
            ...slotsFor('changes', changes, slot),
            currentRevisionId: newRevision,
            ...(official ? { officialRevisionId: newRevision } : {}),
          })
          .where('id', '=', slot('revision.submissionId'))
          .returning('submission.id'),
      )
      .with('aud', (q) =>
        q
          .insertInto('auditLog')
          .values({
            ...audit,
            after: sql`${audit.after}::jsonb || jsonb_build_object('currentRevisionId', (select id from rev))`,
          })
          .returning('auditLog.id'),
      )
      .selectFrom('rev')
      .select(['rev.id', 'rev.createdAt']);
  });
}
const writeStatements = new Map<string, ReturnType<typeof writeStatement>>();

/**
 * One statement: inserts the revision, moves the submission on (`changes`) to it (also as the official
 * revision when `official`: a submit), and writes the audit entry, whose `after` gains the new
 * revision's id. Returns the new revision's id and time.
 */
export async function writeRevision(
  tx: Tx,
  revision: RevisionValues,
  changes: Record<string, unknown>,
  audit: AuditEntry & { after: Record<string, unknown> },
  official: boolean,
) {
  const shape: WriteShape = {
    revision: { ...revision, completedPages: JSON.stringify(revision.completedPages) },
    changes,
    entry: auditValues(audit),
    official,
  };
  // A draft and a submit set different columns: one compiled statement per set of columns.
  const key = JSON.stringify([
    Object.keys(shape.revision),
    Object.keys(shape.changes),
    Object.keys(shape.entry),
    official,
  ]);
  let statement = writeStatements.get(key);
  if (!statement) {
    statement = writeStatement(shape);
    writeStatements.set(key, statement);
  }
  const [row] = await statement.rows(tx, {
    ...slotValues('revision', shape.revision),
    ...slotValues('changes', shape.changes),
    ...slotValues('audit', shape.entry),
  });
  if (!row) throw new Error('The revision was not written');
  return row;
}

/**
 * The save's statements as this process compiled them, by name: the locked context, then one write per
 * shape a save has used (`draft` or `submit`, with the columns it sets). test/sql-snapshots.test.ts
 * writes them out as SQL a reviewer reads, so a change to them shows in review.
 */
export function compiledSaveStatements(db: Db): Record<string, string> {
  const writes = [...writeStatements].map(([key, statement]) => {
    const [revision, changes, audit, official] = JSON.parse(key) as [string[], string[], string[], boolean];
    const name = `${official ? 'submit' : 'draft'}: revision (${revision.join(', ')}), submission (${changes.join(', ')}), audit (${audit.join(', ')})`;
    return [name, statement.sql(db)] as const;
  });
  return Object.fromEntries([['context (locked)', saveContext.sql(db)], ...writes]);
}
