import {
  type AuditEntryDto,
  type AuditQuery,
  auditActionLabels,
  auditActionText,
  auditEntityLabels,
  auditEntityText,
  auditQuerySchema,
  formatMediumDateTime,
  isIsoDate,
  messages,
} from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useAuditLog } from '../../api/audit';
import { paths } from '../../app/paths';
import {
  type Column,
  DateInput,
  Details,
  orderSort,
  PageContainer,
  PagedTable,
  QueryState,
  Select,
  TextField,
  useListQuery,
} from '../../components';

const PAGE_SIZE = 25;
const FILTERS = [
  { name: 'who', label: 'Who', hint: 'Part of a name or email address', type: 'text' },
  { name: 'action', label: 'What', hint: 'What was done', type: 'select' },
  { name: 'entityType', label: 'Record type', hint: 'The kind of record changed', type: 'select' },
  { name: 'entityId', label: 'Record ID', hint: 'The number of the record', type: 'text' },
  { name: 'from', label: 'From', hint: 'First day included', type: 'date' },
  { name: 'to', label: 'To', hint: 'Last day included', type: 'date' },
] as const;
type FilterName = (typeof FILTERS)[number]['name'];

/** The choices of the two select filters, in words, sorted as read; a value from an old address is kept. */
function choices(name: 'action' | 'entityType', current: string) {
  const labels = name === 'action' ? auditActionLabels : auditEntityLabels;
  const words = name === 'action' ? auditActionText : auditEntityText;
  const values = Object.keys(labels);
  if (current && !values.includes(current)) values.push(current);
  return values
    .map((value) => ({ value, label: words(value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The list's state, kept in the URL (decision 0021): page, size, sort by when, every filter. */
const listDefaults = {
  page: 1,
  pageSize: PAGE_SIZE,
  sortOrder: 'DESC',
  who: undefined as string | undefined,
  action: undefined as string | undefined,
  entityType: undefined as string | undefined,
  entityId: undefined as string | undefined,
  from: undefined as string | undefined,
  to: undefined as string | undefined,
};

// useListParams reads any `...Id` key as a number; the audit log's record id is text (any record's key).
const urlQuerySchema = auditQuerySchema.extend({
  entityId: z.preprocess((id) => (id === undefined ? id : String(id)), auditQuerySchema.shape.entityId),
});

/**
 * Audit log (route: /collection/admin/audit, administrators): every change, who made it and when,
 * searched and paged on the server, newest first (or oldest); the values before and after where
 * recorded. Actions and records in words (decision 0037), chosen from lists rather than typed as codes.
 * Filters, sort and page live in the URL, so reload and Back keep them.
 */
export function AuditLogPage() {
  const [query, setParams] = useListQuery(listDefaults, urlQuerySchema);
  const log = useAuditLog(query);

  return (
    <PageContainer title="Audit log" trail={[{ text: 'Admin', href: paths.adminHome }]}>
      <SearchForm
        key={FILTERS.map((f) => query[f.name] ?? '').join('|')}
        query={query}
        onSearch={(filters) => setParams(filters)}
      />
      <QueryState query={log} isEmpty={(data) => data.items.length === 0} emptyMessage="No results(s) found">
        {(data) => (
          <PagedTable
            caption={`Changes, ${query.sortOrder === 'ASC' ? 'oldest' : 'newest'} first`}
            count={{ one: 'change', many: 'changes' }}
            list={data}
            query={query}
            defaultPageSize={PAGE_SIZE}
            onChange={setParams}
            rowKey={(row) => row.id}
            sort={orderSort('occurredAt', query, setParams)}
            columns={auditColumns}
          />
        )}
      </QueryState>
    </PageContainer>
  );
}

function SearchForm({
  query,
  onSearch,
}: {
  query: AuditQuery;
  onSearch: (filters: Record<FilterName, string | undefined>) => void;
}) {
  const [form, setForm] = useState<Record<FilterName, string>>(
    () =>
      Object.fromEntries(FILTERS.map((f) => [f.name, String(query[f.name] ?? '')])) as Record<
        FilterName,
        string
      >,
  );
  // A date typed in part is said to be wrong here, rather than searched for and refused.
  const [dateErrors, setDateErrors] = useState<Partial<Record<FilterName, string>>>({});
  const search = (event: FormEvent) => {
    event.preventDefault();
    const wrong = Object.fromEntries(
      FILTERS.filter((f) => f.type === 'date' && form[f.name] !== '' && !isIsoDate(form[f.name])).map((f) => [
        f.name,
        messages.invalidDate,
      ]),
    );
    setDateErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    onSearch(
      Object.fromEntries(FILTERS.map((f) => [f.name, form[f.name].trim() || undefined])) as Record<
        FilterName,
        string | undefined
      >,
    );
  };
  const set = (name: FilterName, value: string) => setForm((current) => ({ ...current, [name]: value }));
  return (
    <form onSubmit={search} aria-label="Search the audit log">
      <div className="nhsuk-grid-row">
        {FILTERS.map((f) => (
          <div key={f.name} className="nhsuk-grid-column-one-third">
            {f.type === 'select' ? (
              <Select
                id={`audit-${f.name}`}
                label={f.label}
                hint={f.hint}
                value={form[f.name]}
                options={choices(f.name, form[f.name])}
                onChange={(value) => set(f.name, value)}
              />
            ) : f.type === 'date' ? (
              <DateInput
                id={`audit-${f.name}`}
                label={f.label}
                hint={`${f.hint}. For example, 15 3 2026`}
                value={form[f.name]}
                error={dateErrors[f.name]}
                onChange={(value) => set(f.name, value)}
              />
            ) : (
              <TextField
                id={`audit-${f.name}`}
                name={f.name}
                label={f.label}
                hint={f.hint}
                value={form[f.name]}
                onChange={(value) => set(f.name, value)}
              />
            )}
          </div>
        ))}
      </div>
      <button className="nhsuk-button nhsuk-button--secondary" type="submit">
        Search
      </button>
    </form>
  );
}

const auditColumns: Column<AuditEntryDto>[] = [
  {
    key: 'occurredAt',
    header: 'When',
    sortable: true,
    cell: (entry) => formatMediumDateTime(entry.occurredAt),
  },
  {
    key: 'who',
    header: 'Who',
    cell: (entry) => (
      <>
        {entry.user ? (entry.user.name ?? entry.user.email) : 'The system'}
        {entry.user?.name ? (
          <>
            <br />
            <span className="nhsuk-body-s">{entry.user.email}</span>
          </>
        ) : null}
      </>
    ),
  },
  { key: 'what', header: 'What', cell: (entry) => auditActionText(entry.action) },
  {
    key: 'record',
    header: 'Record',
    cell: (entry) => `${auditEntityText(entry.entityType)}${entry.entityId ? ` ${entry.entityId}` : ''}`,
  },
  { key: 'details', header: 'Details', cell: (entry) => <AuditValues entry={entry} /> },
];

function AuditValues({ entry }: { entry: AuditEntryDto }) {
  if (entry.before === null && entry.after === null) return 'None recorded';
  return (
    <Details
      summary={
        <>
          Show values<span className="nhsuk-u-visually-hidden"> of change {entry.id}</span>
        </>
      }
    >
      {entry.before !== null ? <JsonBlock label="Before" value={entry.before} /> : null}
      {entry.after !== null ? <JsonBlock label="After" value={entry.after} /> : null}
    </Details>
  );
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <>
      <h3 className="nhsuk-heading-xs nhsuk-u-margin-bottom-1">{label}</h3>
      <pre className="dcf-json">{JSON.stringify(value, null, 2)}</pre>
    </>
  );
}
