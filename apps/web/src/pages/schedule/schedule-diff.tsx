import type { GeneratedPeriodDto, PeriodDiffDto, ReportingPeriodDto } from '@dcf/domain';
import { DataTable, InsetText } from '../../components';
import { deadline, openingTime, periodDate } from './period-dates';

/** How many rows the preview table lists; the counts above it always cover everything. */
export const diffRowLimit = 100;

/** Explains why a period the schedule no longer produces is still there. */
export const conflictNote = 'has submissions, kept';

type Change = 'Added' | 'Changed' | 'Removed' | 'Conflict';

interface DiffRow {
  key: string;
  change: Change;
  period: GeneratedPeriodDto | ReportingPeriodDto;
  note: string;
}

const fieldLabels: Record<string, string> = {
  name: 'name',
  submissionsOpen: 'opening',
  submissionsClose: 'deadline',
  submissionsReopen: 'reopening',
  submissionsReclose: 'reclosing',
  ifSubmissionReopens: 'reopens',
};

export function diffRows(diff: PeriodDiffDto): DiffRow[] {
  const key = (p: { start: string; end: string }) => `${p.start}:${p.end}`;
  return [
    ...diff.added.map((p) => ({ key: `a:${key(p)}`, change: 'Added' as const, period: p, note: '' })),
    ...diff.changed.map((c) => ({
      key: `c:${key(c.generated)}`,
      change: 'Changed' as const,
      period: c.generated,
      note: `New ${c.fields.map((f) => fieldLabels[f] ?? f).join(', ')}`,
    })),
    ...diff.removed.map((p) => ({ key: `r:${key(p)}`, change: 'Removed' as const, period: p, note: '' })),
    ...diff.conflicts.map((c) => ({
      key: `x:${key(c.existing)}`,
      change: 'Conflict' as const,
      period: c.existing,
      note: conflictNote,
    })),
  ].sort((a, b) => a.period.start.localeCompare(b.period.start));
}

/** The Diff endpoint's answer: counts, then the periods that would change. */
export function ScheduleDiff({ diff }: { diff: PeriodDiffDto }) {
  const rows = diffRows(diff);
  const counts: [string, number][] = [
    ['Added', diff.added.length],
    ['Changed', diff.changed.length],
    ['Removed', diff.removed.length],
    ['Conflicts', diff.conflicts.length],
    ['Unchanged', diff.unchanged.length],
  ];
  return (
    <section aria-labelledby="schedule-diff-heading">
      <h2 className="nhsuk-heading-m" id="schedule-diff-heading">
        Preview of changes
      </h2>
      <dl className="nhsuk-summary-list">
        {counts.map(([label, count]) => (
          <div key={label} className="nhsuk-summary-list__row">
            <dt className="nhsuk-summary-list__key">{label}</dt>
            <dd className="nhsuk-summary-list__value" data-testid={`diff-count-${label.toLowerCase()}`}>
              {count}
            </dd>
          </div>
        ))}
      </dl>
      {diff.conflicts.length > 0 ? (
        <InsetText>
          <p>
            {diff.conflicts.length === 1 ? '1 period' : `${diff.conflicts.length} periods`} the schedule no
            longer produces {diff.conflicts.length === 1 ? 'has' : 'have'} submissions, so{' '}
            {diff.conflicts.length === 1 ? 'it is' : 'they are'} kept and never removed.
          </p>
        </InsetText>
      ) : null}
      {rows.length === 0 ? (
        <p className="nhsuk-body">Applying this schedule changes no reporting periods.</p>
      ) : (
        <DataTable
          caption="Periods that would change"
          rows={rows.slice(0, diffRowLimit)}
          rowKey={(row) => row.key}
          columns={[
            { key: 'change', header: 'Change', cell: (row) => row.change },
            { key: 'name', header: 'Reporting period', cell: (row) => row.period.name },
            { key: 'start', header: 'Start', cell: (row) => periodDate(row.period.start) },
            { key: 'end', header: 'End', cell: (row) => periodDate(row.period.end) },
            {
              key: 'open',
              header: 'Submissions open',
              cell: (row) => openingTime(row.period.submissionsOpen),
            },
            { key: 'deadline', header: 'Deadline', cell: (row) => deadline(row.period.submissionsClose) },
            { key: 'note', header: 'Note', cell: (row) => row.note },
          ]}
        />
      )}
      {rows.length > diffRowLimit ? (
        <p className="nhsuk-body">And {rows.length - diffRowLimit} more periods.</p>
      ) : null}
    </section>
  );
}
