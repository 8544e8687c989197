import { type AccessToken, formatLongDate, formatMediumDateTime } from '@dcf/domain';
import { type Column, DataTable } from '../../components';

const scopeLabels: Record<AccessToken['scope'], string> = { read: 'Read data', submit: 'Submit returns' };

/** The user's tokens: what each may do, where, until when, when it was last used; each can be revoked. */
export function TokenList({
  tokens,
  now,
  onRevoke,
}: {
  tokens: readonly AccessToken[];
  now: number;
  onRevoke: (token: AccessToken) => void;
}) {
  const columns: Column<AccessToken>[] = [
    { key: 'name', header: 'Name', cell: (t) => t.name, rowHeader: true },
    { key: 'scope', header: 'Can', cell: (t) => scopeLabels[t.scope] },
    {
      key: 'collection',
      header: 'Collection',
      cell: (t) => t.collectionName ?? 'Every collection you can see',
    },
    {
      key: 'expires',
      header: 'Expires',
      cell: (t) =>
        Date.parse(t.expiresAt) <= now ? (
          <strong className="nhsuk-tag nhsuk-tag--grey">Expired</strong>
        ) : (
          // The last day it works: it stops when that day ends.
          formatLongDate(Date.parse(t.expiresAt) - 1)
        ),
    },
    {
      key: 'lastUsed',
      header: 'Last used',
      cell: (t) => (t.lastUsedAt ? formatMediumDateTime(t.lastUsedAt) : 'Never'),
    },
  ];
  return (
    <DataTable
      caption="Your tokens"
      columns={columns}
      rows={tokens}
      rowKey={(t) => t.id}
      emptyMessage="You have no tokens."
      responsive
      rowActions={(token) => (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
          onClick={() => onRevoke(token)}
        >
          Revoke<span className="nhsuk-u-visually-hidden"> {token.name}</span>
        </button>
      )}
    />
  );
}
