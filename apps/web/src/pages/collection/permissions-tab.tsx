import { useState } from 'react';
import { Link } from 'react-router';
import { useCollectionRoles, useSetCollectionRole } from '../../api/collection-roles';
import { problemMessages } from '../../api/problems';
import { searchUsers } from '../../api/users';
import { paths } from '../../app/paths';
import {
  DataTable,
  type Outcome,
  OutcomeBanner,
  QueryState,
  SearchWidget,
  YesNoModalAbout,
} from '../../components';

type ManagedRole = 'collectionManager' | 'submissionManager';

const roleLabels: Record<ManagedRole, { plural: string; singular: string; explains: string }> = {
  collectionManager: {
    plural: 'Collection managers',
    singular: 'collection manager',
    explains: 'Set up this collection and see all its returns.',
  },
  submissionManager: {
    plural: 'Submission managers',
    singular: 'submission manager',
    explains: 'See and export the returns; no set-up changes.',
  },
};

type Holder = { userId: number; userName: string; email: string; role: ManagedRole };

/**
 * Permissions tab: who manages the collection (collection managers, submission managers), given
 * through the users search widget and taken after a confirmation. Submitters' access is its own screen.
 */
export function PermissionsTab({ collectionId }: { collectionId: number }) {
  const roles = useCollectionRoles(collectionId);
  const setRole = useSetCollectionRole(collectionId);
  const [adding, setAdding] = useState<ManagedRole | null>(null);
  const [removing, setRemoving] = useState<Holder | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);

  async function change(rows: { userId: number; name: string }[], role: ManagedRole, assigned: boolean) {
    setNotice(null);
    try {
      for (const row of rows) await setRole.mutateAsync({ userId: row.userId, role, assigned });
      const names = rows.map((row) => row.name).join(', ');
      setNotice({
        variant: 'success',
        message: [`${names} ${assigned ? 'added as' : 'removed as'} ${roleLabels[role].singular}`],
      });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  return (
    <>
      <h2 className="nhsuk-heading-m">Permissions</h2>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <p className="nhsuk-body">
        Data entry clerks and authorisers are given on the{' '}
        <Link to={paths.submitterAccess(collectionId)}>submitter access</Link> page.
      </p>
      <QueryState query={roles} isEmpty={() => false}>
        {(list) =>
          (Object.keys(roleLabels) as ManagedRole[]).map((role) => {
            const holders = list.items.filter((item) => item.role === role);
            const headingId = `${role}-heading`;
            return (
              <section key={role} aria-labelledby={headingId}>
                <h3 className="nhsuk-heading-s" id={headingId}>
                  {roleLabels[role].plural}
                </h3>
                <p className="nhsuk-hint">{roleLabels[role].explains}</p>
                <DataTable
                  caption={roleLabels[role].plural}
                  emptyMessage={`There are no ${roleLabels[role].plural.toLowerCase()}.`}
                  rows={holders}
                  rowKey={(holder) => holder.userId}
                  columns={[
                    { key: 'name', header: 'Name', cell: (holder) => holder.userName },
                    { key: 'email', header: 'Email', cell: (holder) => holder.email },
                  ]}
                  rowActions={(holder) => (
                    <button
                      type="button"
                      className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
                      onClick={() => setRemoving(holder)}
                    >
                      Remove
                      <span className="nhsuk-u-visually-hidden">
                        {' '}
                        {holder.userName} as {roleLabels[role].singular}
                      </span>
                    </button>
                  )}
                />
                <button
                  type="button"
                  className="nhsuk-button nhsuk-button--secondary"
                  onClick={() => setAdding(role)}
                >
                  Add {roleLabels[role].singular}
                </button>
              </section>
            );
          })
        }
      </QueryState>
      <SearchWidget
        kind="users"
        open={adding !== null}
        title={adding ? `Add ${roleLabels[adding].singular}` : 'Search users'}
        search={async (term) => (await searchUsers(term, 1, 50)).items}
        onCancel={() => setAdding(null)}
        onSelect={(rows) => {
          const role = adding;
          setAdding(null);
          if (role)
            void change(
              rows.map((row) => ({ userId: Number(row.id), name: row.name ?? row.email ?? String(row.id) })),
              role,
              true,
            );
        }}
      />
      <YesNoModalAbout
        subject={removing}
        title="Remove this permission?"
        onYes={(holder) =>
          void change([{ userId: holder.userId, name: holder.userName }], holder.role, false)
        }
        onClose={() => setRemoving(null)}
      >
        {(holder) =>
          `${holder.userName} will no longer be a ${roleLabels[holder.role].singular} of this collection.`
        }
      </YesNoModalAbout>
    </>
  );
}
