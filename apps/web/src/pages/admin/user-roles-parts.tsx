import { formatMediumDateTime, type UserRoleChange, type UserRoles } from '@dcf/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { DataTable, SummaryRow } from '../../components';
import { roleLabels } from './role-labels';

/** The Remove button of a role's row (none when the user is the one looking). */
type RemoveButton = (roleChange: UserRoleChange, text: string) => ReactNode;

/** The user's account: email, ODS code, job title, last sign-in and whether it is active. */
export function AccountSummary({ user }: { user: UserRoles['user'] }) {
  return (
    <dl className="nhsuk-summary-list">
      <SummaryRow label="Email">{user.email}</SummaryRow>
      <SummaryRow label="ODS code">{user.providerCode ?? 'Not known'}</SummaryRow>
      <SummaryRow label="Job title">{user.jobTitle ?? 'Not known'}</SummaryRow>
      <SummaryRow label="Last signed in">
        {user.lastSignInAt ? formatMediumDateTime(user.lastSignInAt) : 'Never'}
      </SummaryRow>
      <SummaryRow label="Account">{user.isActive ? 'Active' : `Deactivated (${user.idpStatus})`}</SummaryRow>
    </dl>
  );
}

/** The roles that are not tied to a collection. */
export function SystemRoles({ data }: { data: UserRoles }) {
  return (
    <>
      <h2 className="nhsuk-heading-m">System roles</h2>
      <dl className="nhsuk-summary-list">
        <SummaryRow label="Super administrator">{data.isSuperAdmin ? 'Yes' : 'No'}</SummaryRow>
        <SummaryRow
          label="Collection administrator"
          hint={
            <>
              Nominated by a super administrator under{' '}
              <Link to={paths.adminUsers}>collection administrators</Link>
            </>
          }
        >
          {data.isCollectionAdmin ? 'Yes' : 'No'}
        </SummaryRow>
        <SummaryRow label="Management organisation (NHSI) user">
          {data.isManagementOrganisationUser ? 'Yes' : 'No'}
        </SummaryRow>
      </dl>
    </>
  );
}

export function CollectionRolesTable({
  rows,
  removeButton,
}: {
  rows: UserRoles['collectionRoles'];
  removeButton: RemoveButton;
}) {
  return (
    <>
      <h2 className="nhsuk-heading-m">Collection roles</h2>
      <DataTable
        caption="Collection roles"
        emptyMessage="No collection roles."
        rows={rows}
        rowKey={(r) => `${r.collectionId}:${r.role}`}
        columns={[
          {
            key: 'collection',
            header: 'Collection',
            cell: (r) => (
              <Link to={paths.amendCollection(r.collectionId, 'permissions')}>{r.collectionName}</Link>
            ),
          },
          { key: 'role', header: 'Role', cell: (r) => roleLabels[r.role] },
        ]}
        rowActions={(r) =>
          removeButton(
            { scope: 'collection', collectionId: r.collectionId, role: r.role, granted: false },
            `${roleLabels[r.role]} of ${r.collectionName}`,
          )
        }
      />
    </>
  );
}

export function OrganisationRolesTable({
  rows,
  removeButton,
}: {
  rows: UserRoles['organisationRoles'];
  removeButton: RemoveButton;
}) {
  return (
    <>
      <h2 className="nhsuk-heading-m">Organisation roles</h2>
      <DataTable
        caption="Organisation roles"
        emptyMessage="No organisation roles."
        rows={rows}
        rowKey={(r) => `${r.collectionId}:${r.organisationId}:${r.role}`}
        columns={[
          { key: 'collection', header: 'Collection', cell: (r) => r.collectionName },
          {
            key: 'organisation',
            header: 'Organisation',
            cell: (r) => (
              <>
                {r.organisationName} ({r.organisationCode})
                {r.isFromElsewhere ? (
                  <strong className="nhsuk-tag nhsuk-tag--grey nhsuk-u-margin-left-2">
                    From another organisation
                  </strong>
                ) : null}
              </>
            ),
          },
          { key: 'role', header: 'Role', cell: (r) => roleLabels[r.role] },
        ]}
        rowActions={(r) =>
          removeButton(
            {
              scope: 'organisation',
              collectionId: r.collectionId,
              organisationId: r.organisationId,
              role: r.role,
              granted: false,
            },
            `${roleLabels[r.role]} for ${r.organisationName} in ${r.collectionName}`,
          )
        }
      />
    </>
  );
}

/** The audit trail of changes to the user's roles and account. */
export function UserChanges({ audit }: { audit: UserRoles['audit'] }) {
  return (
    <>
      <h2 className="nhsuk-heading-m">Changes to this user</h2>
      <DataTable
        caption="Changes to this user"
        emptyMessage="No changes recorded."
        rows={audit}
        rowKey={(a) => a.id}
        columns={[
          { key: 'when', header: 'When', cell: (a) => formatMediumDateTime(a.occurredAt) },
          {
            key: 'what',
            header: 'What',
            cell: (a) => (
              <>
                {a.action}
                {a.collectionName ? <> in {a.collectionName}</> : null}
                {a.organisationName ? <> for {a.organisationName}</> : null}: {a.before.join(', ') || 'none'}{' '}
                to {a.after.join(', ') || 'none'}
              </>
            ),
          },
          { key: 'by', header: 'By', cell: (a) => a.by ?? '' },
        ]}
      />
    </>
  );
}
