import { formatLongDateTime, safeBlobName } from '@dcf/domain';
import type { DataQualityRule } from '@dcf/domain/data-quality';
import type { Db } from '../../db/database';
import { notFound } from '../../platform/errors';
import { EvaluationFailure } from '../../platform/evaluation-box/pool';
import { evaluationProblem, noteOverBudget } from '../../platform/evaluation-box/problems';
import { maySeeDeletedAnswers } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import type { Deps } from '../../platform/route-module';
import { findingFacts } from '../data-quality/print';
import { findRevisionFindings } from '../data-quality/queries';
import { findFormVersionRow } from '../submissions/queries';
import { findPrintableRevision, findSubmissionHeader, type SubmissionHeader } from './queries';
import { renderReturnPdf } from './render';

const statusText = (header: SubmissionHeader, revision: { id: number; status: string }) => {
  const base = revision.status === 'completed' ? 'Completed' : 'Draft';
  const official = header.officialRevisionId === revision.id ? ' (the official return)' : '';
  const awaiting =
    revision.status === 'completed' && header.isNhsiAuthorisationRequired && header.nhsiAuthorisedAt === null
      ? ', awaiting NHSI authorisation'
      : '';
  return `${base}${official}${awaiting}`;
};

/** What building a PDF works with: the database, the evaluation box, the request's log and id. */
interface PdfScene {
  db: Db;
  box: Deps['box'];
  log: { warn(details: object, message: string): void };
  requestId: string;
}

/**
 * One return as a PDF: its collection, organisation, period, status, who saved it and when, then every
 * question and answer of the form version it was made with. The newest revision a reader may see, or
 * the one asked for; soft-deleted revisions only for managers and administrators (as in the revisions list).
 */
export async function buildSubmissionPdf(
  scene: PdfScene,
  principal: Principal,
  submissionId: number,
  revisionId: number | undefined,
): Promise<{ fileName: string; pdf: Buffer }> {
  const { db } = scene;
  const header = await findSubmissionHeader(db, submissionId);
  if (!header) throw notFound();
  const revision = await findPrintableRevision(db, submissionId, {
    revisionId,
    includeDeleted: maySeeDeletedAnswers(principal, header.collectionId),
  });
  if (!revision) throw notFound();
  // The form version as a save reads it, so the box's key (`id:xmin`) is the one a save's worker holds (decision 0031).
  const version = await findFormVersionRow(db, header.formId);
  if (!version) throw notFound();
  const form = { id: header.formId, ...version };
  // Conditions are the manager's rules: evaluated in the box, started now, while the rest is read.
  const items = printableAnswers(scene, principal, form, revision.content);
  items.catch(() => {}); // awaited below; a failure of a read before then must not leave it unhandled

  const facts: [string, string][] = [
    ['Organisation', `${header.organisationName} (${header.organisationCode})`],
    ['Reporting period', header.periodName],
    ['Status', statusText(header, revision)],
    [
      'Saved by',
      `${revision.createdByName ?? revision.createdByEmail} on ${formatLongDateTime(revision.createdAt)}`,
    ],
  ];
  if (header.submittedAt)
    facts.push([
      'Submitted by',
      `${header.submittedByName ?? 'Unknown'} on ${formatLongDateTime(header.submittedAt)}`,
    ]);
  if (header.nhsiAuthorisedAt)
    facts.push([
      'NHSI authorised by',
      `${header.nhsiAuthorisedByName ?? 'Unknown'} on ${formatLongDateTime(header.nhsiAuthorisedAt)}`,
    ]);
  // The declaration the submitter confirmed with this revision (decision 0016); revisions submitted
  // before the declaration existed have none.
  if (revision.declaration && revision.declaredAt)
    facts.push([
      'Declaration',
      `"${revision.declaration}", confirmed by ${revision.declaredByName ?? revision.declaredByEmail ?? 'Unknown'} on ${formatLongDateTime(revision.declaredAt)}`,
    ]);
  // The data quality findings saved with this revision and their explanations (decision 0028).
  facts.push(...findingFacts(await findRevisionFindings(db, revision.id)));
  if (revision.isDeleted) facts.push(['Note', 'This revision has been deleted']);
  facts.push(['Printed', formatLongDateTime(new Date())]);

  const pdf = await renderReturnPdf({ title: header.collectionName, facts, items: await items });
  const fileName = `${safeBlobName(`${header.collectionName} ${header.organisationCode} ${header.periodName}`)}.pdf`;
  return { fileName, pdf };
}

/**
 * Every answer in form order, leaving out what the form's conditions hide for these answers: the
 * engine says, in the evaluation box (decision 0031), within the PDF's budget. Over it: 422, and the
 * form noted for its manager.
 */
async function printableAnswers(
  scene: PdfScene,
  principal: Principal,
  form: { id: number } & NonNullable<Awaited<ReturnType<typeof findFormVersionRow>>>,
  content: Record<string, unknown>,
) {
  const key = `${form.id}:${form.rowVersion}`;
  try {
    return await scene.box.printAnswers({
      form: {
        key,
        version: {
          definition: form.definitionJson,
          rules: (form.dataQualityRules ?? []) as DataQualityRule[],
        },
      },
      content,
    });
  } catch (error) {
    if (!(error instanceof EvaluationFailure)) throw error;
    await noteOverBudget(
      scene.db,
      error,
      {
        formId: form.id,
        formKey: key,
        collectionId: form.collectionId,
        userId: principal.userId,
        requestId: scene.requestId,
      },
      scene.log,
    );
    throw evaluationProblem(error, 'print');
  }
}
