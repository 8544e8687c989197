import {
  assignUsers,
  createRoleAssignmentList,
  hasDuplicates,
  heldRoles,
  isRemoveUserBlocked,
  pendingRoleChanges,
  type RoleAssignmentRow,
  removeDuplicates,
} from '@dcf/domain';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useSaveSubmitterAccess, useSubmitterAccess } from '../../api/collection-roles';
import { useCollection } from '../../api/collections';
import { problemMessages } from '../../api/problems';
import { paths } from '../../app/paths';
import {
  type Outcome,
  OutcomeBanner,
  PageContainer,
  QueryState,
  SaveButton,
  UnsavedChangesPrompt,
  WarningCallout,
} from '../../components';
import { GiveAccessSearch, type GiveAccessStep } from './give-access-search';
import { SubmitterAccessTable } from './submitter-access-table';

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
      trail={[
        { text: 'Manage collections', href: paths.managerHome },
        ...(collection.data
          ? [{ text: collection.data.name, href: paths.amendCollection(collectionId, 'overview') }]
          : []),
      ]}
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
  const [step, setStep] = useState<GiveAccessStep>('idle');
  const [notice, setNotice] = useState<Outcome | null>(null);
  const save = useSaveSubmitterAccess(collectionId);

  // A fresh server list (after a save) replaces the edited one.
  useEffect(() => setList(initial), [initial]);

  const empty = list.rows.length === 0;
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
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
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
        <WarningCallout title="Duplicates" level={3}>
          <p>Some users are listed twice. Remove the duplicates before removing anyone or saving.</p>
        </WarningCallout>
      ) : null}
      {empty ? (
        <p className="nhsuk-body">Nobody has submitter access to this collection yet.</p>
      ) : (
        <SubmitterAccessTable list={list} readOnly={readOnly} blocked={blocked} onChange={setList} />
      )}
      {!readOnly ? (
        <SaveButton onSave={saveChanges} disabled={!list.touched || hasDuplicates(list)}>
          Save changes
        </SaveButton>
      ) : null}
      <GiveAccessSearch
        collectionId={collectionId}
        step={step}
        onStep={setStep}
        onChoose={(users, organisation) => setList(assignUsers(list, users, organisation))}
      />
    </>
  );
}
