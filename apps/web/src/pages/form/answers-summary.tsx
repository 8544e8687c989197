import type { AnswerItem } from '@dcf/forms';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../components';

type FieldItem = Extract<AnswerItem, { kind: 'field' }>;
type TableItem = Extract<AnswerItem, { kind: 'table' }>;

export interface AnswersSummaryProps {
  items: AnswerItem[];
  /** Whether the return is a wizard: its pages are the sections (h2) and panels sit under them. */
  isWizard: boolean;
  /** Where a Change link goes for a question's path; none when the return cannot be changed now. */
  changeHref?: (path: string) => string;
}

/**
 * Every answer of a return in form order, as GOV.UK's check-your-answers pattern draws it: questions
 * and answers in NHS.UK summary lists, each with a Change link; wizard pages and panels as headings
 * (levels never skip one, so a heading deep in the form after the page title is still the next level);
 * a simple grid as a table, which folds into labelled rows on a narrow screen.
 */
export function AnswersSummary({ items, isWizard, changeHref }: AnswersSummaryProps) {
  const blocks: ReactNode[] = [];
  let fields: FieldItem[] = [];
  let lastLevel = 1;
  const flush = () => {
    if (fields.length === 0) return;
    blocks.push(<SummaryList key={`list-${fields[0]?.path}`} fields={fields} changeHref={changeHref} />);
    fields = [];
  };
  for (const item of items) {
    if (item.kind === 'field') {
      fields.push(item);
      continue;
    }
    flush();
    if (item.kind === 'table') {
      blocks.push(<AnswersTable key={`table-${item.path}`} table={item} changeHref={changeHref} />);
      continue;
    }
    const wanted =
      item.kind === 'page' ? 2 : (isWizard ? 3 : 2) + (item.depth >= 2 ? 1 : 0) + (item.depth >= 4 ? 1 : 0);
    const level = Math.min(wanted, lastLevel + 1, 6);
    lastLevel = level;
    const Heading = `h${level}` as 'h2';
    blocks.push(
      <Heading key={`heading-${item.path}`} className={level === 2 ? 'nhsuk-heading-m' : 'nhsuk-heading-s'}>
        {item.title}
      </Heading>,
    );
  }
  flush();
  return <div className="dcf-answers">{blocks}</div>;
}

function ChangeLink({ href, label }: { href: string; label: string }) {
  return (
    <Link to={href}>
      Change<span className="nhsuk-u-visually-hidden"> {label}</span>
    </Link>
  );
}

function SummaryList({
  fields,
  changeHref,
}: {
  fields: FieldItem[];
  changeHref: AnswersSummaryProps['changeHref'];
}) {
  return (
    <dl className="nhsuk-summary-list">
      {fields.map((field) => (
        <div key={field.path} className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">{field.label}</dt>
          <dd className={`nhsuk-summary-list__value${field.answered ? '' : ' dcf-not-answered'}`}>
            {field.items ? (
              <ul className="nhsuk-list">
                {field.items.map((item, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat; their place is their identity.
                  <li key={index}>{item}</li>
                ))}
              </ul>
            ) : (
              field.answer
            )}
          </dd>
          {changeHref ? (
            <dd className="nhsuk-summary-list__actions">
              <ChangeLink href={changeHref(field.path)} label={field.label} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}

/** A grid's row: its answers, known by their place in the grid. */
interface GridRow {
  index: number;
  cells: readonly string[];
}

function AnswersTable({
  table,
  changeHref,
}: {
  table: TableItem;
  changeHref: AnswersSummaryProps['changeHref'];
}) {
  return (
    <div className="dcf-answers-table">
      <DataTable
        caption={table.label}
        captionClass="nhsuk-table__caption--s"
        responsive
        columns={table.columns.map((column, j) => ({
          key: `${j}`,
          header: column,
          cell: (row: GridRow) => row.cells[j],
        }))}
        // Rows have no identity beyond their position in the grid.
        rows={table.rows.map((cells, index) => ({ index, cells }))}
        rowKey={(row) => row.index}
      />
      {changeHref ? (
        <p className="nhsuk-body">
          <ChangeLink href={changeHref(table.path)} label={table.label} />
        </p>
      ) : null}
    </div>
  );
}
