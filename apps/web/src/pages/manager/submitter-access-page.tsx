import {
  assignUsers,
  createRoleAssignmentList,
  hasDuplicates,
  heldRoles,
  isRemoveUserBlocked,
  type OrganisationRole,
  organisationRoleLabels,
  pendingRoleChanges,
  type RoleAssignmentList,
  type RoleAssignmentRow,
  removeDuplicates,
  removeUser,
  roleMessages,
  toggleRole,
} from '@dcf/domain';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { getRecipients } from '../../api/collection-organisations';
import { useSaveSubmitterAccess, useSubmitterAccess } from '../../api/collection-roles';
import { useCollection } from '../../api/collections';
import { problemMessages } from '../../api/problems';
import { searchUsers } from '../../api/users';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  Checkbox,
  Notification,
  type OrganisationSearchRow,
  PageContainer,
  QueryState,
  SaveButton,
  SearchWidget,
  TableScroll,
  UnsavedChangesPrompt,
} from '../../components';

const roleLabels = organisationRoleLabels;
const roles = Object.keys(roleLabels) as OrganisationRole[];

/** One line of the table: a user at an organisation, with the rows (roles) behind it. */
interface Assignment {
  key: string;
  first: RoleAssignmentRow;
  rows: RoleAssignmentRow[];
}

function groupRows(list: RoleAssignmentList): Assignment[] {
  const groups = new Map<string, Assignment>();
  for (const row of list.rows) {
    // Duplicates get a line of their own, so the manager sees what was picked twice.
    const key = `${row.userId}:${row.organisationId}${row.isDuplicate ? ':duplicate' : ''}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { key, first: row, rows: [row] });
  }
  return [...groups.values()];
}

/**
 * Submitter access (route: /collection/manage/submitterAccess/{collectionId}): who may enter
 * (DataEntryClerk) and authorise (Authoriser) returns for which recipient organisation. Edits follow the
 * specification's role-assignment rules from @dcf/domain, safe by default: assigning gives the data entry
 * clerk's role only, with status New (Authoriser is ticked on purpose; decision 0037), the people search
 * lists the organisation's own staff first under its name and others under 'Staff of other
 * organisations', removing marks both Deleted, a user already listed comes in marked duplicate,
 * removing is blocked while any duplicate is listed, duplicates go all at once, and a touched list can
 * be reset. Save sends only the users and organisations that changed.
 */
export function SubmitterAccessPage() {
  const params = useParams();
  const collectionId = Number(params.collectionId);
  const collection = useCollection(collectionId);
  const access = useSubmitterAccess(collectionId);
  const title = 'Submitter access';
  return (
    <PageContainer
      title={title}
      breadcrumbs={
        <Breadcrumbs
          items={[
            { text: 'Manage collections', href: paths.managerHome },
            ...(collection.data
              ? [{ text: collection.data.name, href: paths.amendCollection(collectionId, 'overview') }]
              : []),
            { text: title },
          ]}
        />
      }
    >
      <QueryState query={access} isEmpty={() => false}>
        {(saved) => (
          <SubmitterAccessEditor
            collectionId={collectionId}
            saved={saved}
            readOnly={collection.data ? !collection.data.abilities.canAmend : false}
          />
        )}
      </QueryState>
    </PageContainer>
  );
}

function SubmitterAccessEditor({
  collectionId,
  saved,
  readOnly,
}: {
  collectionId: number;
  saved: Parameters<typeof createRoleAssignmentList>[0];
  readOnly: boolean;
}) {
  const initial = useMemo(() => createRoleAssignmentList(saved), [saved]);
  const [list, setList] = useState(initial);
  const [step, setStep] = useState<'idle' | 'organisation' | 'users'>('idle');
  const [organisation, setOrganisation] = useState<OrganisationSearchRow | null>(null);
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; message: string[] } | null>(null);
  const save = useSaveSubmitterAccess(collectionId);

  // A fresh server list (after a save) replaces the edited one.
  useEffect(() => setList(initial), [initial]);

  const assignments = groupRows(list);
  const blocked = isRemoveUserBlocked(list);

  async function saveChanges() {
    setNotice(null);
    const { toCreate, toDelete } = pendingRoleChanges(list);
    const pairs = new Map<string, RoleAssignmentRow>();
    for (const row of [...toCreate, ...toDelete]) pairs.set(`${row.userId}:${row.organisationId}`, row);
    try {
      await save.mutateAsync(
        [...pairs.values()].map((row) => ({
          organisationId: Number(row.organisationId),
          body: { userId: Number(row.userId), roles: heldRoles(list, row.userId, row.organisationId) },
        })),
      );
      setNotice({ variant: 'success', message: ['Submitter access saved'] });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
      throw error;
    }
  }

  return (
    <>
      <UnsavedChangesPrompt when={list.touched} />
      {notice ? (
        <Notification
          key={JSON.stringify(notice)}
          variant={notice.variant}
          message={notice.message}
          stayOpen
          onClose={() => setNotice(null)}
        />
      ) : null}
      <p className="nhsuk-body">
        Data entry clerks enter and save returns for their organisation. Authorisers can also submit them
        where trust authorisation is required. Only an organisation's own staff can be its authorisers; a data
        entry clerk may come from another organisation.
      </p>
      {!readOnly ? (
        <div className="nhsuk-button-group">
          <button type="button" className="nhsuk-button" onClick={() => setStep('organisation')}>
            Give access
          </button>
          {hasDuplicates(list) ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary"
              onClick={() => setList(removeDuplicates(list))}
            >
              Remove duplicates
            </button>
          ) : null}
          {list.touched ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary"
              onClick={() => setList(initial)}
            >
              Reset changes
            </button>
          ) : null}
        </div>
      ) : null}
      {blocked ? (
        <div className="nhsuk-warning-callout">
          <h3 className="nhsuk-warning-callout__label">
            <span className="nhsuk-u-visually-hidden">Important: </span>
            Duplicates
          </h3>
          <p>Some users are listed twice. Remove the duplicates before removing anyone or saving.</p>
        </div>
      ) : null}
      {assignments.length === 0 ? (
        <p className="nhsuk-body">Nobody has submitter access to this collection yet.</p>
      ) : (
        <TableScroll label="Submitter access">
          <table className="nhsuk-table">
            <caption className="nhsuk-table__caption nhsuk-u-visually-hidden">Submitter access</caption>
            <thead className="nhsuk-table__head">
              <tr className="nhsuk-table__row">
                <th scope="col" className="nhsuk-table__header">
                  User
                </th>
                <th scope="col" className="nhsuk-table__header">
                  Organisation
                </th>
                {roles.map((role) => (
                  <th key={role} scope="col" className="nhsuk-table__header">
                    {roleLabels[role]}
                  </th>
                ))}
                <th scope="col" className="nhsuk-table__header">
                  <span className="nhsuk-u-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="nhsuk-table__body">
              {assignments.map(({ key, first, rows }) => {
                const held = first.isDuplicate
                  ? rows.map((row) => row.role)
                  : heldRoles(list, first.userId, first.organisationId);
                const removed = rows.every((row) => row.status === 'Deleted');
                return (
                  <tr key={key} className="nhsuk-table__row">
                    <td className="nhsuk-table__cell">
                      {first.userName}
                      <br />
                      <span className="nhsuk-body-s">{first.email}</span>
                      {first.isDuplicate ? (
                        <>
                          {' '}
                          <strong className="nhsuk-tag nhsuk-tag--orange">Duplicate</strong>
                        </>
                      ) : null}
                      {removed ? (
                        <>
                          {' '}
                          <strong className="nhsuk-tag nhsuk-tag--red">Removed when saved</strong>
                        </>
                      ) : null}
                      {first.isFromElsewhere ? (
                        <>
                          <br />
                          <strong className="nhsuk-tag nhsuk-tag--grey">{roleMessages.fromElsewhere}</strong>
                        </>
                      ) : null}
                    </td>
                    <td className="nhsuk-table__cell">{first.organisationName}</td>
                    {roles.map((role) => {
                      const id = `${key}-${role}`;
                      return (
                        <td key={role} className="nhsuk-table__cell">
                          <Checkbox
                            id={id}
                            inCell
                            labelHidden
                            label={`${roleLabels[role]}: ${first.userName} at ${first.organisationName}`}
                            checked={held.includes(role)}
                            disabled={
                              readOnly ||
                              first.isDuplicate ||
                              (role === 'Authoriser' && first.isFromElsewhere && !held.includes(role))
                            }
                            onChange={(checked) =>
                              setList(toggleRole(list, first.userId, first.organisationId, role, checked))
                            }
                          />
                        </td>
                      );
                    })}
                    <td className="nhsuk-table__cell">
                      {!readOnly && !first.isDuplicate && !removed ? (
                        <button
                          type="button"
                          className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
                          disabled={blocked}
                          onClick={() => setList(removeUser(list, first.userId, first.organisationId))}
                        >
                          Remove{' '}
                          <span className="nhsuk-u-visually-hidden">
                            {first.userName} at {first.organisationName}
                          </span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {!readOnly ? (
        <SaveButton onSave={saveChanges} disabled={!list.touched || hasDuplicates(list)}>
          Save changes
        </SaveButton>
      ) : null}
      <SearchWidget
        kind="organisations"
        open={step === 'organisation'}
        multiple={false}
        title="Choose a recipient organisation"
        search={async (term) =>
          (await getRecipients(collectionId, { query: term || undefined, page: 1, pageSize: 100 })).items.map(
            (row) => ({ id: row.organisationId, name: row.organisation.name, code: row.organisation.code }),
          )
        }
        onCancel={() => setStep('idle')}
        onSelect={(rows) => {
          setOrganisation(rows[0] ?? null);
          setStep(rows[0] ? 'users' : 'idle');
        }}
      />
      <SearchWidget
        kind="users"
        open={step === 'users'}
        title={organisation ? `Give access at ${organisation.name}` : 'Search users'}
        {...(organisation ? { ownOrganisation: { name: organisation.name, code: organisation.code } } : {})}
        search={async (term) =>
          (await searchUsers(term, 1, 50, organisation ? { organisationId: organisation.id } : {})).items
        }
        onCancel={() => setStep('idle')}
        onSelect={(users) => {
          setStep('idle');
          if (!organisation) return;
          setList(
            assignUsers(
              list,
              users.map((user) => ({
                userId: Number(user.id),
                userName: user.name ?? user.email ?? String(user.id),
                email: user.email ?? '',
                providerCode: user.providerCode ?? null,
              })),
              {
                organisationId: organisation.id,
                organisationName: organisation.name,
                organisationCode: organisation.code,
              },
            ),
          );
        }}
      />
    </>
  );
}
