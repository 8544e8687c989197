import type { Administrator } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { problemMessages } from '../../api/problems';
import {
  searchUsers,
  useAdministrators,
  useRegisterUser,
  useUpdateAdministrator,
  useUserSearch,
} from '../../api/users';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import { DataTable, type Outcome, OutcomeBanner, TextField } from '../../components';
import { Notification } from '../../components/notification';
import { PageContainer } from '../../components/page-container';
import { QueryState } from '../../components/query-state';
import { SearchWidget } from '../../components/search-widget';
import { YesNoModalAbout } from '../../components/yes-no-modal';

const PAGE_SIZE = 25;

/**
 * Users and roles (route: /collection/admin/users, administrators): find a user and open them to see and
 * change every role they hold; the collection administrators (nominate and remove: super administrators
 * only; collection administrators see the list read-only); registering a user by email before their first
 * sign-in.
 */
export function UsersPage() {
  const user = useUser();
  const canNominate = user.isAuthenticated && user.isSuperAdmin;
  const title = 'Users and roles';
  return (
    <PageContainer title={title} trail={[{ text: 'Administration', href: paths.adminHome }]}>
      <UsersSection />
      <AdministratorsSection canNominate={canNominate} />
      <RegisterUserSection />
    </PageContainer>
  );
}

function AdministratorsSection({ canNominate }: { canNominate: boolean }) {
  const administrators = useAdministrators();
  const update = useUpdateAdministrator();
  const [nominating, setNominating] = useState(false);
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);

  async function change(userId: number, isCollectionAdmin: boolean, done: string) {
    try {
      await update.mutateAsync({ userId, isCollectionAdmin });
      setNotice({ variant: 'success', message: done });
    } catch (error) {
      setNotice({ variant: 'error', message: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="administrators-heading">
      <h2 id="administrators-heading">Collection administrators</h2>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <QueryState
        query={administrators}
        isEmpty={(rows) => rows.length === 0}
        emptyMessage="There are no collection administrators."
      >
        {(rows) => (
          <DataTable
            caption="Collection administrators"
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              { key: 'name', header: 'Name', cell: (row) => row.name ?? '' },
              { key: 'email', header: 'Email', cell: (row) => row.email },
              { key: 'organisation', header: 'Organisation', cell: (row) => row.providerCode ?? '' },
            ]}
            {...(canNominate
              ? {
                  rowActions: (row: Administrator) => (
                    <button
                      type="button"
                      className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-bottom-0"
                      onClick={() => setRemoving(row)}
                    >
                      Remove<span className="nhsuk-u-visually-hidden"> {row.name ?? row.email}</span>
                    </button>
                  ),
                }
              : {})}
          />
        )}
      </QueryState>
      {canNominate && (
        <>
          <button type="button" className="nhsuk-button" onClick={() => setNominating(true)}>
            Nominate
          </button>
          <SearchWidget
            kind="users"
            open={nominating}
            title="Search users"
            search={async (term) => (await searchUsers(term, 1, 50)).items}
            onCancel={() => setNominating(false)}
            onSelect={async (selected) => {
              setNominating(false);
              for (const row of selected) {
                await change(Number(row.id), true, 'Collection administrators saved');
              }
            }}
          />
          <YesNoModalAbout
            subject={removing}
            title="Remove collection administrator"
            onYes={(row) => void change(row.id, false, 'Collection administrators saved')}
            onClose={() => setRemoving(null)}
          >
            {(row) => (
              <p className="nhsuk-body">
                Are you sure you want to remove {row.name ?? row.email} as a collection administrator?
              </p>
            )}
          </YesNoModalAbout>
        </>
      )}
    </section>
  );
}

function UsersSection() {
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const users = useUserSearch(query, page, PAGE_SIZE);

  function submit(event: FormEvent) {
    event.preventDefault();
    setQuery(term.trim());
    setPage(1);
  }

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <form onSubmit={submit} className="nhsuk-u-margin-bottom-4">
        <TextField
          id="user-search"
          label="Search by name, email or ODS code"
          type="search"
          width="one-half"
          value={term}
          onChange={setTerm}
        />
        <button type="submit" className="nhsuk-button nhsuk-button--secondary">
          Search
        </button>
      </form>
      <QueryState query={users} isEmpty={(list) => list.items.length === 0} emptyMessage="No users found.">
        {(list) => {
          const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
          return (
            <>
              <DataTable
                caption="Users"
                rows={list.items}
                rowKey={(row) => row.id}
                columns={[
                  {
                    key: 'name',
                    header: 'Name',
                    cell: (row) => <Link to={paths.adminUser(row.id)}>{row.name ?? row.email}</Link>,
                  },
                  { key: 'email', header: 'Email', cell: (row) => row.email },
                  { key: 'organisation', header: 'Organisation', cell: (row) => row.providerCode ?? '' },
                ]}
              />
              <p className="nhsuk-body">
                Page {page} of {pages} ({list.total} users)
              </p>
              {page > 1 && (
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-right-3"
                  onClick={() => setPage(page - 1)}
                >
                  Previous page
                </button>
              )}
              {page < pages && (
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary"
                  onClick={() => setPage(page + 1)}
                >
                  Next page
                </button>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function RegisterUserSection() {
  const register = useRegisterUser();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    try {
      await register.mutateAsync({ email });
      setDone(`${email.trim()} has been registered`);
      setEmail('');
    } catch {
      // shown in the error summary below
    }
  }

  return (
    <section aria-labelledby="register-heading">
      <h2 id="register-heading">Register a user</h2>
      {register.isError && <Notification variant="error" message={problemMessages(register.error)} />}
      {done && <Notification variant="success" message={done} stayOpen onClose={() => setDone(null)} />}
      <form onSubmit={submit} noValidate>
        <TextField
          id="register-email"
          label="Email address"
          type="email"
          width="one-half"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <button type="submit" className="nhsuk-button" disabled={register.isPending}>
          Register
        </button>
      </form>
    </section>
  );
}
