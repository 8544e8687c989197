import {
  heldRoles,
  type OrganisationRole,
  organisationRoleLabels,
  type RoleAssignmentList,
  type RoleAssignmentRow,
  removeUser,
  roleMessages,
  toggleRole,
} from '@dcf/domain';
import { Checkbox, type Column, DataTable } from '../../components';

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

/** A line with what it shows: the roles ticked, and whether saving removes the user there. */
interface Line extends Assignment {
  held: OrganisationRole[];
  removed: boolean;
}

function linesOf(list: RoleAssignmentList): Line[] {
  return groupRows(list).map((group) => ({
    ...group,
    held: group.first.isDuplicate
      ? group.rows.map((row) => row.role)
      : heldRoles(list, group.first.userId, group.first.organisationId),
    removed: group.rows.every((row) => row.status === 'Deleted'),
  }));
}

function UserCell({ first, removed }: Pick<Line, 'first' | 'removed'>) {
  return (
    <>
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
    </>
  );
}

/**
 * The submitter access being edited: a line per user at an organisation with a tick per role, and a
 * Remove button; every change is a new list from the @dcf/domain rules, handed to `onChange`.
 */
export function SubmitterAccessTable({
  list,
  readOnly,
  blocked,
  onChange,
}: {
  list: RoleAssignmentList;
  readOnly: boolean;
  /** Removing is blocked while a duplicate is listed. */
  blocked: boolean;
  onChange: (list: RoleAssignmentList) => void;
}) {
  const roleColumns = roles.map(
    (role): Column<Line> => ({
      key: role,
      header: roleLabels[role],
      cell: ({ key, first, held }) => (
        <Checkbox
          id={`${key}-${role}`}
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
            onChange(toggleRole(list, first.userId, first.organisationId, role, checked))
          }
        />
      ),
    }),
  );
  return (
    <DataTable
      caption="Submitter access"
      columns={[
        {
          key: 'user',
          header: 'User',
          cell: (line) => <UserCell first={line.first} removed={line.removed} />,
        },
        { key: 'organisation', header: 'Organisation', cell: (line) => line.first.organisationName },
        ...roleColumns,
      ]}
      rows={linesOf(list)}
      rowKey={(line) => line.key}
      rowActions={({ first, removed }) =>
        !readOnly && !first.isDuplicate && !removed ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
            disabled={blocked}
            onClick={() => onChange(removeUser(list, first.userId, first.organisationId))}
          >
            Remove{' '}
            <span className="nhsuk-u-visually-hidden">
              {first.userName} at {first.organisationName}
            </span>
          </button>
        ) : null
      }
    />
  );
}
