import { useState } from 'react';
import { useChangeCollectionStatus } from '../../api/collections';
import { problemMessages } from '../../api/problems';
import { paths } from '../../app/paths';
import { type Outcome, OutcomeBanner, PageContainer, YesNoModalAbout } from '../../components';
import { CollectionList } from './collection-list';

/**
 * Hidden collections (route: /collection/admin/hidden): the archived ones, read-only, with every
 * submission kept. Restoring publishes a collection again (the completeness rules apply).
 */
export function HiddenCollectionsPage() {
  const status = useChangeCollectionStatus();
  const [restoring, setRestoring] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);
  const title = 'Hidden collections';

  async function restore(row: { id: number; name: string }) {
    setNotice(null);
    try {
      await status.mutateAsync({ id: row.id, status: 'Published' });
      setNotice({ variant: 'success', message: [`${row.name} has been restored`] });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  return (
    <PageContainer title={title} trail={[{ text: 'Manage collections', href: paths.adminManageCollections }]}>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <p className="nhsuk-body">
        Archived collections are hidden from submitters and cannot be changed. Their returns and exports are
        kept.
      </p>
      <CollectionList
        fixedStatus="archived"
        caption="Hidden collections"
        emptyMessage="There are no hidden collections."
        actions={(row) =>
          row.abilities.canPublish ? (
            <button
              type="button"
              className="nhsuk-button nhsuk-button--secondary nhsuk-button--small nhsuk-u-margin-bottom-0"
              onClick={() => setRestoring({ id: row.id, name: row.name })}
            >
              Restore<span className="nhsuk-u-visually-hidden"> {row.name}</span>
            </button>
          ) : null
        }
      />
      <YesNoModalAbout
        subject={restoring}
        title="Restore this collection?"
        onYes={(row) => void restore(row)}
        onClose={() => setRestoring(null)}
      >
        {(row) => `${row.name} will be published again and shown to its submitters.`}
      </YesNoModalAbout>
    </PageContainer>
  );
}
