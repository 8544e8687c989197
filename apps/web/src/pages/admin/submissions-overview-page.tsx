import type { AdminSubmissionsQuery } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useAdminSubmissions } from '../../api/views';
import { paths } from '../../app/paths';
import { Breadcrumbs, PageContainer, Pagination, QueryState, Select } from '../../components';
import { CollectionsTable } from '../manager/manager-home-page';

const PAGE_SIZE = 25;

/** Submissions overview (route: /collection/admin/submissions): every collection's current and next period. */
export function SubmissionsOverviewPage() {
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const [query, setQuery] = useState<AdminSubmissionsQuery>({ page: 1, pageSize: PAGE_SIZE });
  const overview = useAdminSubmissions(query);
  const page = query.page ?? 1;
  const pages = overview.data ? Math.max(1, Math.ceil(overview.data.total / PAGE_SIZE)) : 1;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      page: 1,
      pageSize: PAGE_SIZE,
      query: text.trim() || undefined,
      status: (status || undefined) as AdminSubmissionsQuery['status'],
    });
  };
  return (
    <PageContainer
      title="Submissions overview"
      breadcrumbs={
        <Breadcrumbs items={[{ text: 'Admin', href: paths.adminHome }, { text: 'Submissions overview' }]} />
      }
    >
      <form onSubmit={search} aria-label="Search collections">
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-two-thirds">
            <div className="nhsuk-form-group">
              <label className="nhsuk-label" htmlFor="overview-search">
                Search by collection name
              </label>
              <input
                id="overview-search"
                className="nhsuk-input"
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          </div>
          <div className="nhsuk-grid-column-one-third">
            <Select
              label="Status"
              value={status}
              onChange={setStatus}
              options={[
                { value: 'published', label: 'Published' },
                { value: 'draft', label: 'Draft' },
                { value: 'archived', label: 'Archived' },
              ]}
            />
          </div>
        </div>
        <button className="nhsuk-button nhsuk-button--secondary" type="submit">
          Search
        </button>
      </form>
      <QueryState
        query={overview}
        isEmpty={(data) => data.items.length === 0}
        emptyMessage="No results(s) found"
      >
        {(data) => (
          <>
            <CollectionsTable collections={data.items} caption="Collections and their periods" showStatus />
            <Pagination
              page={page}
              pages={pages}
              onChange={(next) => setQuery((q) => ({ ...q, page: next }))}
            />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}
