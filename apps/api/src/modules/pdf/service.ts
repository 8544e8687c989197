import { formatLongDateTime, safeBlobName } from '@dcf/domain';
import { evaluateForm, type FormDefinition, formAnswers } from '@dcf/forms';
import type { Db } from '../../db/database';
import { notFound } from '../../platform/errors';
import { maySeeDeletedAnswers } from '../../platform/policy';
import type { Principal } from '../../platform/principal';
import { findingFacts } from '../data-quality/print';
import { findRevisionFindings } from '../data-quality/queries';
import {
  findFormDefinition,
  findPrintableRevision,
  findSubmissionHeader,
  type SubmissionHeader,
} from './queries';
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

/**
 * One return as a PDF: its collection, organisation, period, status, who saved it and when, then every
 * question and answer of the form version it was made with. The newest revision a reader may see, or
 * the one asked for; soft-deleted revisions only for managers and administrators (as in the revisions list).
 */
export async function buildSubmissionPdf(
  db: Db,
  principal: Principal,
  submissionId: number,
  revisionId: number | undefined,
): Promise<{ fileName: string; pdf: Buffer }> {
  const header = await findSubmissionHeader(db, submissionId);
  if (!header) throw notFound();
  const revision = await findPrintableRevision(db, submissionId, {
    revisionId,
    includeDeleted: maySeeDeletedAnswers(principal, header.collectionId),
  });
  if (!revision) throw notFound();
  const form = await findFormDefinition(db, header.formId);
  if (!form) throw notFound();

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

  const pdf = await renderReturnPdf({
    title: header.collectionName,
    facts,
    items: answersOf(form.definition as unknown as FormDefinition, revision.content),
  });
  const fileName = `${safeBlobName(`${header.collectionName} ${header.organisationCode} ${header.periodName}`)}.pdf`;
  return { fileName, pdf };
}

/** Every answer in form order, leaving out what the form's conditions hide for these answers (the engine says). */
function answersOf(definition: FormDefinition, content: Record<string, unknown>) {
  const { hidden } = evaluateForm(definition, content, 'draft');
  return formAnswers(definition, content, { hidden });
}
