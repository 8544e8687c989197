import { formatMediumDateTime, type MailStatus, type OutboxItem, type OutboxQuery } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useOutbox } from '../../api/notifications';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer, Pagination, QueryState, Select } from '../../components';

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
const STATUS_TAG: Record<MailStatus, string> = {
  queued: 'nhsuk-tag--grey',
  sending: 'nhsuk-tag--yellow',
  sent: 'nhsuk-tag--green',
  kept: 'nhsuk-tag--blue',
  failed: 'nhsuk-tag--red',
  cancelled: 'nhsuk-tag--white',
};

/**
 * Email outbox (route: /collection/admin/outbox, administrators): every email the service decided to
 * send, with its delivery state. Without SMTP (the embedded default) this is where emails are read.
 */
export function OutboxPage() {
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState<OutboxQuery>({ page: 1, pageSize: PAGE_SIZE });
  const outbox = useOutbox(query);
  const page = Number(query.page ?? 1);
  const pages = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / PAGE_SIZE)) : 1;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      page: 1,
      pageSize: PAGE_SIZE,
      search: text.trim() || undefined,
      status: (status || undefined) as MailStatus | undefined,
    });
  };
  return (
    <PageContainer
      title="Email outbox"
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Admin', href: paths.adminHome }, { text: 'Email outbox' }]} />
      }
    >
      <form onSubmit={search} aria-label="Search the outbox">
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-half">
            <div className="nhsuk-form-group">
              <label className="nhsuk-label" htmlFor="outbox-search">
                Search by recipient or subject
              </label>
              <input
                className="nhsuk-input"
                id="outbox-search"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          </div>
          <div className="nhsuk-grid-column-one-half">
            <Select
              label="Status"
              value={status}
              onChange={setStatus}
              options={Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label }))}
            />
          </div>
        </div>
        <button className="nhsuk-button nhsuk-button--secondary" type="submit">
          Search
        </button>
      </form>
      <QueryState
        query={outbox}
        isEmpty={(data) => data.items.length === 0}
        emptyMessage="No results(s) found"
      >
        {(data) => (
          <>
            <p className="nhsuk-body" aria-live="polite">
              {data.total === 1 ? '1 email' : `${data.total.toLocaleString('en-GB')} emails`}
            </p>
            <OutboxTable items={data.items} />
            <Pagination page={page} pages={pages} onChange={(p) => setQuery((q) => ({ ...q, page: p }))} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

function OutboxTable({ items }: { items: OutboxItem[] }) {
  return (
    <table className="nhsuk-table">
      <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Emails, newest first</caption>
      <thead className="nhsuk-table__head">
        <tr>
          <th scope="col">Created</th>
          <th scope="col">To</th>
          <th scope="col">Email</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody className="nhsuk-table__body">
        {items.map((mail) => (
          <tr key={mail.id} className="nhsuk-table__row">
            <td className="nhsuk-table__cell">{formatMediumDateTime(mail.createdAt)}</td>
            <td className="nhsuk-table__cell">
              {mail.toName ?? mail.toAddress}
              {mail.toName ? (
                <>
                  <br />
                  <span className="nhsuk-body-s">{mail.toAddress}</span>
                </>
              ) : null}
            </td>
            <td className="nhsuk-table__cell">
              <details className="nhsuk-details nhsuk-u-margin-bottom-0">
                <summary className="nhsuk-details__summary">
                  <span className="nhsuk-details__summary-text">{mail.subject}</span>
                </summary>
                <div className="nhsuk-details__text">
                  <pre className="dcf-json">{mail.bodyText}</pre>
                </div>
              </details>
            </td>
            <td className="nhsuk-table__cell">
              <strong className={`nhsuk-tag ${STATUS_TAG[mail.status]}`}>{STATUS_TEXT[mail.status]}</strong>
              {mail.sentAt ? <div className="nhsuk-body-s">{formatMediumDateTime(mail.sentAt)}</div> : null}
              {mail.lastError ? <div className="nhsuk-body-s">{mail.lastError}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
