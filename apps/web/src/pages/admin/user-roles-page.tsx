import { formatMediumDateTime, type UserRoleChange, type UserRoles } from '@dcf/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { useChangeUser, useUserRoles } from '../../api/user-roles';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import {
  Breadcrumbs,
  DataTable,
  Notification,
  PageContainer,
  QueryState,
  YesNoModal,
} from '../../components';
import { GiveRoleForm } from './give-role-form';
import { roleLabels } from './role-labels';

type Notice = { variant: 'success' | 'error'; message: string };

/**
 * One user's roles (route: /collection/admin/users/:userId, administrators): their account, every role
 * they hold (system, collection, organisation) with a way to take each away or give a new one, deactivate
 * or reactivate the account, and the audit trail of changes to them. The API applies the role integrity
 * rules (nobody changes their own roles; Authoriser only for the organisation's own staff).
 */
export function UserRolesPage() {
  const userId = Number(useParams().userId);
  const roles = useUserRoles(userId);
  const crumbs = [
    { text: 'Administration', href: paths.adminHome },
    { text: 'Users and roles', href: paths.adminUsers },
  ];
  const name = roles.data ? (roles.data.user.name ?? roles.data.user.email) : 'User';
  return (
    <PageContainer title={name} breadcrumbs={<Breadcrumbs items={[...crumbs, { text: name }]} />}>
      <QueryState query={roles}>{(data) => <UserRolesView data={data} />}</QueryState>
    </PageContainer>
  );
}

function UserRolesView({ data }: { data: UserRoles }) {
  const me = useUser();
  const change = useChangeUser(data.user.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<{ change: UserRoleChange; text: string } | null>(null);
  const [deactivating, setDeactivating] = useState(false);
  const isSelf = me.isAuthenticated && me.email === data.user.email;

  async function changeRole(roleChange: UserRoleChange, done: string) {
    setNotice(null);
    try {
      await change.role.mutateAsync(roleChange);
      setNotice({ variant: 'success', message: done });
    } catch (error) {
      setNotice({ variant: 'error', message: errorMessage(error) });
    }
  }

  async function setActive(active: boolean) {
    setNotice(null);
    try {
      await change.active.mutateAsync({ active });
      setNotice({
        variant: 'success',
        message: active ? `${data.user.email} can sign in again` : `${data.user.email} has been deactivated`,
      });
    } catch (error) {
      setNotice({ variant: 'error', message: errorMessage(error) });
    }
  }

  const removeButton = (roleChange: UserRoleChange, text: string) =>
    isSelf ? null : (
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
        onClick={() => setRemoving({ change: roleChange, text })}
      >
        Remove<span className="nhsuk-u-visually-hidden"> {text}</span>
      </button>
    );

  return (
    <>
      {notice ? (
        <Notification
          key={JSON.stringify(notice)}
          variant={notice.variant}
          message={notice.message}
          stayOpen
          onClose={() => setNotice(null)}
        />
      ) : null}
      {isSelf ? (
        <div className="nhsuk-inset-text">
          <span className="nhsuk-u-visually-hidden">Information: </span>
          <p>This is you. You cannot change your own roles or deactivate your own account.</p>
        </div>
      ) : null}

      <dl className="nhsuk-summary-list">
        <SummaryRow label="Email" value={data.user.email} />
        <SummaryRow label="ODS code" value={data.user.providerCode ?? 'Not known'} />
        <SummaryRow label="Job title" value={data.user.jobTitle ?? 'Not known'} />
        <SummaryRow
          label="Last signed in"
          value={data.user.lastSignInAt ? formatMediumDateTime(data.user.lastSignInAt) : 'Never'}
        />
        <SummaryRow
          label="Account"
          value={data.user.isActive ? 'Active' : `Deactivated (${data.user.idpStatus})`}
        />
      </dl>
      {isSelf ? null : data.user.isActive ? (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--warning"
          onClick={() => setDeactivating(true)}
        >
          Deactivate user
        </button>
      ) : (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() => setActive(true)}
        >
          Reactivate user
        </button>
      )}

      <h2 className="nhsuk-heading-m">System roles</h2>
      <dl className="nhsuk-summary-list">
        <SummaryRow label="Super administrator" value={data.isSuperAdmin ? 'Yes' : 'No'} />
        <SummaryRow
          label="Collection administrator"
          value={data.isCollectionAdmin ? 'Yes' : 'No'}
          hint={
            <>
              Nominated by a super administrator under{' '}
              <Link to={paths.adminUsers}>collection administrators</Link>
            </>
          }
        />
        <SummaryRow
          label="Management organisation (NHSI) user"
          value={data.isManagementOrganisationUser ? 'Yes' : 'No'}
        />
      </dl>
      {isSelf ? null : (
        <button
          type="button"
          className="nhsuk-button nhsuk-button--secondary"
          onClick={() =>
            changeRole(
              {
                scope: 'system',
                role: 'managementOrganisationUser',
                granted: !data.isManagementOrganisationUser,
              },
              'Roles saved',
            )
          }
        >
          {data.isManagementOrganisationUser
            ? 'Remove NHSI authorisation role'
            : 'Give NHSI authorisation role'}
        </button>
      )}

      <h2 className="nhsuk-heading-m">Collection roles</h2>
      <DataTable
        caption="Collection roles"
        emptyMessage="No collection roles."
        rows={data.collectionRoles}
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

      <h2 className="nhsuk-heading-m">Organisation roles</h2>
      <DataTable
        caption="Organisation roles"
        emptyMessage="No organisation roles."
        rows={data.organisationRoles}
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

      {isSelf ? null : (
        <GiveRoleForm onGive={(roleChange, text) => changeRole(roleChange, `${text} given`)} />
      )}

      <h2 className="nhsuk-heading-m">Changes to this user</h2>
      <DataTable
        caption="Changes to this user"
        emptyMessage="No changes recorded."
        rows={data.audit}
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

      <YesNoModal
        open={removing !== null}
        title="Remove this role?"
        onYes={() => {
          const r = removing;
          setRemoving(null);
          if (r) void changeRole(r.change, 'Roles saved');
        }}
        onNo={() => setRemoving(null)}
      >
        {removing ? `${data.user.email} will no longer be ${removing.text}.` : null}
      </YesNoModal>
      <YesNoModal
        open={deactivating}
        title="Deactivate this user?"
        onYes={() => {
          setDeactivating(false);
          void setActive(false);
        }}
        onNo={() => setDeactivating(false)}
      >
        {`${data.user.email} will be signed out everywhere at once and will not be able to sign in until reactivated. Their roles are kept.`}
      </YesNoModal>
    </>
  );
}

function SummaryRow({ label, value, hint }: { label: string; value: string; hint?: React.ReactNode }) {
  return (
    <div className="nhsuk-summary-list__row">
      <dt className="nhsuk-summary-list__key">{label}</dt>
      <dd className="nhsuk-summary-list__value">
        {value}
        {hint ? (
          <span className="nhsuk-body-s nhsuk-u-display-block nhsuk-u-secondary-text-colour">{hint}</span>
        ) : null}
      </dd>
    </div>
  );
}
