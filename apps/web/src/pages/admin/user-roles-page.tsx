import type { UserRoleChange, UserRoles } from '@dcf/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useChangeUser, useUserRoles } from '../../api/user-roles';
import { useUser } from '../../app/current-user-context';
import { paths } from '../../app/paths';
import {
  InsetText,
  OutcomeBanner,
  PageContainer,
  QueryState,
  useOutcome,
  YesNoModal,
  YesNoModalAbout,
} from '../../components';
import { GiveRoleForm } from './give-role-form';
import {
  AccountSummary,
  CollectionRolesTable,
  OrganisationRolesTable,
  SystemRoles,
  UserChanges,
} from './user-roles-parts';

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
    <PageContainer title={name} trail={crumbs}>
      <QueryState query={roles}>{(data) => <UserRolesView data={data} />}</QueryState>
    </PageContainer>
  );
}

/** Changes to the user's roles and account, each ending in the one notice the page shows. */
function useUserChanges(user: UserRoles['user']) {
  const change = useChangeUser(user.id);
  const { outcome: notice, setOutcome: setNotice, report } = useOutcome();

  const changeRole = (roleChange: UserRoleChange, done: string) =>
    report(() => change.role.mutateAsync(roleChange), done);

  const setActive = (active: boolean) =>
    report(
      () => change.active.mutateAsync({ active }),
      active ? `${user.email} can sign in again` : `${user.email} has been deactivated`,
    );

  return { notice, setNotice, changeRole, setActive };
}

function UserRolesView({ data }: { data: UserRoles }) {
  const me = useUser();
  const { notice, setNotice, changeRole, setActive } = useUserChanges(data.user);
  const [removing, setRemoving] = useState<{ change: UserRoleChange; text: string } | null>(null);
  const [deactivating, setDeactivating] = useState(false);
  const isSelf = me.isAuthenticated && me.email === data.user.email;

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
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      {isSelf ? (
        <InsetText>
          <p>This is you. You cannot change your own roles or deactivate your own account.</p>
        </InsetText>
      ) : null}

      <AccountSummary user={data.user} />
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

      <SystemRoles data={data} />
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

      <CollectionRolesTable rows={data.collectionRoles} removeButton={removeButton} />

      <OrganisationRolesTable rows={data.organisationRoles} removeButton={removeButton} />

      {isSelf ? null : (
        <GiveRoleForm onGive={(roleChange, text) => changeRole(roleChange, `${text} given`)} />
      )}

      <UserChanges audit={data.audit} />

      <YesNoModalAbout
        subject={removing}
        title="Remove this role?"
        onYes={(r) => void changeRole(r.change, 'Roles saved')}
        onClose={() => setRemoving(null)}
      >
        {(r) => `${data.user.email} will no longer be ${r.text}.`}
      </YesNoModalAbout>
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
