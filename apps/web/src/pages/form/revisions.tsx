import { formatMediumDateTime, type SubmissionView } from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSoftDeleteRevisions, useSubmissionRevision, useSubmissionRevisions } from '../../api/submissions';
import { Checkbox, QueryState, TableScroll, YesNoModal } from '../../components';
import { FormRenderer } from '../../formio/form-renderer';
import { compareRevisions, parseContent } from './compare-revisions';

const PAGE_SIZE = 20;

export interface RevisionLinks {
  form: string;
  revision: (id: number) => string;
  compare: (before: number, after: number) => string;
}

/**
 * The revisions of a return, newest first: who, when, status, the official one marked. Tick two to
 * compare them; managers and administrators can also soft delete (never the official revision).
 */
export function RevisionsList({ view, links }: { view: SubmissionView; links: RevisionLinks }) {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const revisions = useSubmissionRevisions(view.submissionId, page, PAGE_SIZE);
  const softDelete = useSoftDeleteRevisions();
  const manager = view.canDeleteRevisions;
  const toggle = (id: number) =>
    setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const [older, newer] = [...selected].sort((a, b) => a - b);

  return (
    <>
      <p className="nhsuk-body">
        <Link to={links.form}>Back to the form</Link>
      </p>
      <QueryState query={revisions} isEmpty={(d) => d.items.length === 0} emptyMessage="No revisions yet">
        {(data) => (
          <>
            <TableScroll label="Revisions">
              <table className="nhsuk-table">
                <caption className="nhsuk-table__caption">Revisions, newest first</caption>
                <thead className="nhsuk-table__head">
                  <tr className="nhsuk-table__row">
                    <th scope="col" className="nhsuk-table__header">
                      <span className="nhsuk-u-visually-hidden">Select</span>
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Saved
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      By
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      Status
                    </th>
                    <th scope="col" className="nhsuk-table__header">
                      <span className="nhsuk-u-visually-hidden">View</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="nhsuk-table__body">
                  {data.items.map((r) => {
                    const when = formatMediumDateTime(r.createdAt);
                    return (
                      <tr key={r.id} className="nhsuk-table__row">
                        <td className="nhsuk-table__cell">
                          <Checkbox
                            id={`revision-${r.id}`}
                            inCell
                            labelHidden
                            label={`Select the revision saved ${when}`}
                            checked={selected.includes(r.id)}
                            onChange={() => toggle(r.id)}
                          />
                        </td>
                        <td className="nhsuk-table__cell">{when}</td>
                        <td className="nhsuk-table__cell">{r.createdBy.name}</td>
                        <td className="nhsuk-table__cell">
                          {r.status === 'completed' ? 'Submitted' : 'Draft'}
                          {r.isOfficial ? (
                            <strong className="nhsuk-tag nhsuk-tag--green dcf-tag-gap">Official</strong>
                          ) : null}
                          {r.isDeleted ? (
                            <strong className="nhsuk-tag nhsuk-tag--grey dcf-tag-gap">Deleted</strong>
                          ) : null}
                        </td>
                        <td className="nhsuk-table__cell">
                          <Link to={links.revision(r.id)}>
                            View<span className="nhsuk-u-visually-hidden"> the revision saved {when}</span>
                          </Link>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
            <div className="nhsuk-button-group">
              {selected.length === 2 && older !== undefined && newer !== undefined ? (
                <Link className="nhsuk-button" to={links.compare(older, newer)}>
                  Compare the two selected
                </Link>
              ) : (
                <p className="nhsuk-body">Select two revisions to compare them.</p>
              )}
              {manager && selected.length > 0 ? (
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--warning"
                  onClick={() => setConfirming(true)}
                >
                  Delete selected
                </button>
              ) : null}
            </div>
            {softDelete.error ? <p className="nhsuk-error-message">{errorOf(softDelete.error)}</p> : null}
            <Pager page={page} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryState>
      <YesNoModal
        open={confirming}
        title="Delete the selected revisions?"
        onYes={() => {
          setConfirming(false);
          softDelete.mutate(selected, { onSuccess: () => setSelected([]) });
        }}
        onNo={() => setConfirming(false)}
      >
        They will be hidden from submitters and kept for audit.
      </YesNoModal>
    </>
  );
}

const errorOf = (error: unknown) => errorMessage(error);

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav className="nhsuk-pagination" aria-label="Revisions pages">
      <p className="nhsuk-body">
        Page {page} of {pages}
      </p>
      <div className="nhsuk-button-group">
        {page > 1 ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => onPage(page - 1)}
          >
            Newer revisions
          </button>
        ) : null}
        {page < pages ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            onClick={() => onPage(page + 1)}
          >
            Older revisions
          </button>
        ) : null}
      </div>
    </nav>
  );
}

/** One revision, read-only, in the form's own layout. */
export function RevisionView({
  view,
  revisionId,
  links,
}: {
  view: SubmissionView;
  revisionId: number;
  links: RevisionLinks;
}) {
  const revision = useSubmissionRevision(revisionId);
  const definition = useMemo(() => (view.form?.definition ?? null) as FormDefinition | null, [view.form]);
  return (
    <>
      <p className="nhsuk-body">
        <Link to={links.form}>Back to the form</Link>
      </p>
      <QueryState query={revision}>
        {(r) => (
          <>
            <h2 className="nhsuk-heading-m">
              Revision saved {formatMediumDateTime(r.createdAt)} by {r.createdBy.name} (
              {r.status === 'completed' ? 'Submitted' : 'Draft'}
              {r.isOfficial ? ', official' : ''})
            </h2>
            {definition ? (
              <FormRenderer
                key={r.id}
                definition={definition}
                submission={parseContent(r.content)}
                completedPages={r.completedPages}
                readOnly
              />
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}

/** Two revisions field by field; changed answers are highlighted and announced. */
export function RevisionCompare({
  view,
  before,
  after,
  links,
}: {
  view: SubmissionView;
  before: number;
  after: number;
  links: RevisionLinks;
}) {
  const older = useSubmissionRevision(before);
  const newer = useSubmissionRevision(after);
  const definition = (view.form?.definition ?? null) as FormDefinition | null;
  return (
    <>
      <p className="nhsuk-body">
        <Link to={links.form}>Back to the form</Link>
      </p>
      <QueryState query={older}>
        {(a) => (
          <QueryState query={newer}>
            {(b) => {
              const rows = compareRevisions(definition, parseContent(a.content), parseContent(b.content));
              const changed = rows.filter((r) => r.changed).length;
              return (
                <>
                  <p className="nhsuk-body">
                    {changed === 1 ? '1 answer changed.' : `${changed} answers changed.`}
                  </p>
                  <TableScroll label="Revisions">
                    <table className="nhsuk-table dcf-compare">
                      <caption className="nhsuk-table__caption">
                        Revision of {formatMediumDateTime(a.createdAt)} compared with{' '}
                        {formatMediumDateTime(b.createdAt)}
                      </caption>
                      <thead className="nhsuk-table__head">
                        <tr className="nhsuk-table__row">
                          <th scope="col" className="nhsuk-table__header">
                            Question
                          </th>
                          <th scope="col" className="nhsuk-table__header">
                            {formatMediumDateTime(a.createdAt)} ({a.createdBy.name})
                          </th>
                          <th scope="col" className="nhsuk-table__header">
                            {formatMediumDateTime(b.createdAt)} ({b.createdBy.name})
                          </th>
                        </tr>
                      </thead>
                      <tbody className="nhsuk-table__body">
                        {rows.map((row) => (
                          <tr
                            key={row.key}
                            className={`nhsuk-table__row${row.changed ? ' dcf-compare__changed' : ''}`}
                          >
                            <th scope="row" className="nhsuk-table__header">
                              {row.label}
                              {row.changed ? (
                                <strong className="nhsuk-tag nhsuk-tag--orange dcf-tag-gap">Changed</strong>
                              ) : null}
                            </th>
                            <td className="nhsuk-table__cell">{row.before || 'Not answered'}</td>
                            <td className="nhsuk-table__cell">{row.after || 'Not answered'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
