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
import { Checkbox, TableScroll } from '../../components';

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
  return (
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
          {groupRows(list).map(({ key, first, rows }) => {
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
                          onChange(toggleRole(list, first.userId, first.organisationId, role, checked))
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
                      onClick={() => onChange(removeUser(list, first.userId, first.organisationId))}
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
  );
}
