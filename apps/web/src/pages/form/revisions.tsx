import { formatMediumDateTime, type SubmissionRevisionSummary, type SubmissionView } from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { useSoftDeleteRevisions, useSubmissionRevision, useSubmissionRevisions } from '../../api/submissions';
import { Checkbox, type Column, DataTable, Pagination, QueryState, YesNoModal } from '../../components';
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
            <DataTable
              caption="Revisions, newest first"
              captionClass=""
              scrollLabel="Revisions"
              rows={data.items}
              rowKey={(r) => r.id}
              columns={revisionColumns({ selected, toggle, links })}
            />
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
            <Pagination page={page} pages={Math.ceil(data.total / PAGE_SIZE)} onChange={setPage} />
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

/** A revision as a compare column names it: when it was saved and by whom. */
const savedBy = (revision: { createdAt: string; createdBy: { name: string } }) =>
  `${formatMediumDateTime(revision.createdAt)} (${revision.createdBy.name})`;

type Revision = SubmissionRevisionSummary;

/** The revisions table's columns: a tick to select the revision, when, who, its status, a link to view it. */
function revisionColumns({
  selected,
  toggle,
  links,
}: {
  selected: number[];
  toggle: (id: number) => void;
  links: RevisionLinks;
}): Column<Revision>[] {
  const when = (r: Revision) => formatMediumDateTime(r.createdAt);
  return [
    {
      key: 'select',
      header: <span className="nhsuk-u-visually-hidden">Select</span>,
      cell: (r) => (
        <Checkbox
          id={`revision-${r.id}`}
          inCell
          labelHidden
          label={`Select the revision saved ${when(r)}`}
          checked={selected.includes(r.id)}
          onChange={() => toggle(r.id)}
        />
      ),
    },
    { key: 'saved', header: 'Saved', cell: when },
    { key: 'by', header: 'By', cell: (r) => r.createdBy.name },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <>
          {r.status === 'completed' ? 'Submitted' : 'Draft'}
          {r.isOfficial ? <strong className="nhsuk-tag nhsuk-tag--green dcf-tag-gap">Official</strong> : null}
          {r.isDeleted ? <strong className="nhsuk-tag nhsuk-tag--grey dcf-tag-gap">Deleted</strong> : null}
        </>
      ),
    },
    {
      key: 'view',
      header: <span className="nhsuk-u-visually-hidden">View</span>,
      cell: (r) => (
        <Link to={links.revision(r.id)}>
          View<span className="nhsuk-u-visually-hidden"> the revision saved {when(r)}</span>
        </Link>
      ),
    },
  ];
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
                  <DataTable
                    caption={`Revision of ${formatMediumDateTime(a.createdAt)} compared with ${formatMediumDateTime(b.createdAt)}`}
                    captionClass=""
                    scrollLabel="Revisions"
                    rows={rows}
                    rowKey={(row) => row.key}
                    rowClassName={(row) => (row.changed ? 'dcf-compare__changed' : undefined)}
                    columns={[
                      {
                        key: 'question',
                        header: 'Question',
                        rowHeader: true,
                        cell: (row) => (
                          <>
                            {row.label}
                            {row.changed ? (
                              <strong className="nhsuk-tag nhsuk-tag--orange dcf-tag-gap">Changed</strong>
                            ) : null}
                          </>
                        ),
                      },
                      { key: 'before', header: savedBy(a), cell: (row) => row.before || 'Not answered' },
                      { key: 'after', header: savedBy(b), cell: (row) => row.after || 'Not answered' },
                    ]}
                  />
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
