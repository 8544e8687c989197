import { type CollectionDto, messages } from '@dcf/domain';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  useChangeCollectionStatus,
  useCollection,
  useDeleteCollection,
  useSaveCollection,
} from '../../api/collections';
import { problemMessages } from '../../api/problems';
import { paths } from '../../app/paths';
import {
  CollectionStatusTag,
  type Outcome,
  OutcomeBanner,
  QueryState,
  SummaryRow,
  YesNoModal,
  YesNoModalAbout,
} from '../../components';
import { CollectionForm, valuesOf } from './collection-form';

function statusQuestion(next: 'Published' | 'Archived', isArchived: boolean): string {
  if (next === 'Archived') return 'Archive this collection?';
  return isArchived ? 'Restore this collection?' : 'Publish this collection?';
}

/** What the change does, said before it is made (publishing reaches every recipient organisation). */
function statusConsequence(next: 'Published' | 'Archived', isArchived: boolean, name: string): string {
  if (next === 'Archived')
    return `${name} will be hidden from submitters and become read-only. Its submissions and exports are kept, and you can restore it from hidden collections.`;
  if (isArchived) return `${name} will be shown to its submitters again and can be changed.`;
  return `${name} will be shown to the submitters of every recipient organisation, who can start their returns when each period opens.`;
}

/** Overview tab: the collection's fields, its status (publish, archive, restore) and deleting a draft. */
export function OverviewTab({ collectionId }: { collectionId: number }) {
  const collection = useCollection(collectionId);
  return <QueryState query={collection}>{(data) => <Overview collection={data} />}</QueryState>;
}

function Overview({ collection }: { collection: CollectionDto }) {
  const location = useLocation();
  const navigate = useNavigate();
  const save = useSaveCollection(collection.id);
  const status = useChangeCollectionStatus();
  const remove = useDeleteCollection(collection.id);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingStatus, setConfirmingStatus] = useState<'Published' | 'Archived' | null>(null);
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const [notice, setNotice] = useState<Outcome | null>(
    justCreated ? { variant: 'success', message: `${collection.name} has been created as a draft` } : null,
  );
  // The form starts again from the saved values only when another collection is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the id on purpose
  const initial = useMemo(() => valuesOf(collection), [collection.id]);

  async function changeStatus(next: 'Published' | 'Archived', done: string) {
    setNotice(null);
    try {
      await status.mutateAsync({ id: collection.id, status: next });
      setNotice({ variant: 'success', message: done });
    } catch (error) {
      setNotice({ variant: 'error', title: messages.errorSummaryHeading, message: problemMessages(error) });
    }
  }

  async function deleteDraft() {
    setConfirmingDelete(false);
    try {
      await remove.mutateAsync();
      navigate(paths.managerHome);
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  const isArchived = collection.status === 'archived';
  return (
    <>
      <h2 className="nhsuk-heading-m">Overview</h2>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <dl className="nhsuk-summary-list">
        <SummaryRow label="Status">
          <CollectionStatusTag status={collection.status} />
        </SummaryRow>
      </dl>
      <div className="nhsuk-button-group">
        {collection.abilities.canPublish ? (
          <button
            type="button"
            className="nhsuk-button"
            disabled={status.isPending}
            onClick={() => setConfirmingStatus('Published')}
          >
            {isArchived ? 'Restore' : 'Publish'}
          </button>
        ) : null}
        {collection.abilities.canArchive ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary"
            disabled={status.isPending}
            onClick={() => setConfirmingStatus('Archived')}
          >
            Archive
          </button>
        ) : null}
        {collection.abilities.canDelete ? (
          <button
            type="button"
            className="nhsuk-button nhsuk-button--warning"
            onClick={() => setConfirmingDelete(true)}
          >
            Delete draft
          </button>
        ) : null}
      </div>
      {isArchived ? (
        <p className="nhsuk-body">This collection is archived and read-only. Restore it to change it.</p>
      ) : null}
      <h3 className="nhsuk-heading-s">Details</h3>
      <CollectionForm
        initial={initial}
        submitLabel="Save"
        disabled={!collection.abilities.canAmend}
        onSubmit={async (input) => {
          setNotice(null);
          await save.mutateAsync(input);
          setNotice({ variant: 'success', message: messages.saved });
        }}
      />
      <YesNoModalAbout
        subject={confirmingStatus}
        title={(next) => statusQuestion(next, isArchived)}
        onYes={(next) => {
          if (next === 'Archived') void changeStatus('Archived', 'The collection has been archived');
          else
            void changeStatus(
              'Published',
              isArchived ? 'The collection has been restored' : 'The collection has been published',
            );
        }}
        onClose={() => setConfirmingStatus(null)}
      >
        {(next) => statusConsequence(next, isArchived, collection.name)}
      </YesNoModalAbout>
      <YesNoModal
        open={confirmingDelete}
        title="Delete this draft collection?"
        onYes={deleteDraft}
        onNo={() => setConfirmingDelete(false)}
      >
        {`${collection.name} and its set-up (form, schedule, recipients and roles) will be deleted. This cannot be undone.`}
      </YesNoModal>
    </>
  );
}
