import {
  formatMediumDateTime,
  type MailStatus,
  type OutboxItem,
  type OutboxQuery,
  outboxQuerySchema,
} from '@dcf/domain';
import { useState } from 'react';
import { useOutbox } from '../../api/notifications';
import { paths } from '../../app/paths';
import {
  type Column,
  Details,
  FilterForm,
  orderSort,
  PageContainer,
  PagedTable,
  QueryState,
  Select,
  Tag,
  type TagColour,
  useListQuery,
} from '../../components';

const PAGE_SIZE = 20;

/** What each delivery state means to an administrator. */
const STATUS_TEXT: Record<MailStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending (check if it stays here)',
  sent: 'Sent',
  kept: 'Kept in the outbox (no mail server set up)',
  failed: 'Failed',
  cancelled: 'Not sent: the period had closed',
};
const STATUS_TAG: Record<MailStatus, TagColour> = {
  queued: 'grey',
  sending: 'yellow',
  sent: 'green',
  kept: 'blue',
  failed: 'red',
  cancelled: 'white',
};

/** The list's state, kept in the URL (decision 0021). */
const listDefaults = {
  page: 1,
  pageSize: PAGE_SIZE,
  sortOrder: 'DESC',
  search: undefined as string | undefined,
  status: undefined as string | undefined,
};

/**
 * Email outbox (route: /collection/admin/outbox, administrators): every email the service decided to
 * send, with its delivery state. Without SMTP (the embedded default) this is where emails are read.
 * Search, status, sort and page live in the URL. The list refreshes itself while an email on it waits
 * for the job worker, and pressing Search with the same filters refreshes it too.
 */
export function OutboxPage() {
  const [query, setParams] = useListQuery(listDefaults, outboxQuerySchema);
  const outbox = useOutbox(query);
  return (
    <PageContainer title="Email outbox" trail={[{ text: 'Admin', href: paths.adminHome }]}>
      <SearchForm
        key={`${query.search ?? ''}|${query.status ?? ''}`}
        query={query}
        onSearch={(filters) => {
          // The same search again asks afresh: delivery states change while the page is open.
          if (filters.search === query.search && filters.status === query.status) void outbox.refetch();
          else setParams(filters);
        }}
      />
      <QueryState
        query={outbox}
        isEmpty={(data) => data.items.length === 0}
        emptyMessage="No results(s) found"
      >
        {(data) => (
          <PagedTable
            caption={`Emails, ${query.sortOrder === 'ASC' ? 'oldest' : 'newest'} first`}
            count={{ one: 'email', many: 'emails' }}
            list={data}
            query={query}
            defaultPageSize={PAGE_SIZE}
            sizes={[20, 50, 100]}
            onChange={setParams}
            rowKey={(row) => row.id}
            sort={orderSort('createdAt', query, setParams)}
            columns={outboxColumns}
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
  query: OutboxQuery;
  onSearch: (filters: { search: string | undefined; status: string | undefined }) => void;
}) {
  const [text, setText] = useState(query.search ?? '');
  const [status, setStatus] = useState<string>(query.status ?? '');
  return (
    <FilterForm
      label="Search the outbox"
      onSearch={() => onSearch({ search: text.trim() || undefined, status: status || undefined })}
      search={{
        id: 'outbox-search',
        label: 'Search by recipient or subject',
        value: text,
        onChange: setText,
      }}
      searchInRow
    >
      <Select
        label="Status"
        value={status}
        onChange={setStatus}
        options={Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label }))}
      />
    </FilterForm>
  );
}

const outboxColumns: Column<OutboxItem>[] = [
  {
    key: 'createdAt',
    header: 'Created',
    sortable: true,
    cell: (mail) => formatMediumDateTime(mail.createdAt),
  },
  {
    key: 'to',
    header: 'To',
    cell: (mail) => (
      <>
        {mail.toName ?? mail.toAddress}
        {mail.toName ? (
          <>
            <br />
            <span className="nhsuk-body-s">{mail.toAddress}</span>
          </>
        ) : null}
      </>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    cell: (mail) => (
      <Details summary={mail.subject} className="nhsuk-u-margin-bottom-0">
        <pre className="dcf-json">{mail.bodyText}</pre>
      </Details>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (mail) => (
      <>
        <Tag colour={STATUS_TAG[mail.status]}>{STATUS_TEXT[mail.status]}</Tag>
        {mail.sentAt ? <div className="nhsuk-body-s">{formatMediumDateTime(mail.sentAt)}</div> : null}
        {mail.lastError ? <div className="nhsuk-body-s">{mail.lastError}</div> : null}
      </>
    ),
  },
];
