import type { CollectionOrganisation } from '@dcf/domain';
import { useState } from 'react';
import { useBulkRecipients, useSetRecipientFlags } from '../../api/collection-organisations';
import { problemMessages } from '../../api/problems';
import type { Outcome } from '../../components';
import type { Flag } from './recipients-list';

/**
 * What the recipients panel does to a collection's recipients (add the ticked, remove one, set a row's
 * authorisation flag), each ending in the one notice the panel shows: what was done, or why it failed.
 */
export function useRecipientActions(collectionId: number) {
  const [notice, setNotice] = useState<Outcome | null>(null);
  const bulk = useBulkRecipients(collectionId);
  const flags = useSetRecipientFlags(collectionId);

  async function run(action: () => Promise<string>) {
    setNotice(null);
    try {
      setNotice({ variant: 'success', message: await action() });
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  const addSelected = (ids: number[]) =>
    run(async () => {
      const result = await bulk.mutateAsync({ add: ids });
      return `${result.added} ${result.added === 1 ? 'organisation' : 'organisations'} added (${result.total} recipients)`;
    });

  const remove = (row: CollectionOrganisation) =>
    run(async () => {
      await bulk.mutateAsync({ remove: [row.organisationId] });
      return `${row.organisation.name} removed`;
    });

  const toggle = (row: CollectionOrganisation, flag: Flag, value: boolean) =>
    run(async () => {
      await flags.mutateAsync([
        {
          organisationId: row.organisationId,
          isTrustAuthorisationRequired: row.isTrustAuthorisationRequired,
          isNhsiAuthorisationRequired: row.isNhsiAuthorisationRequired,
          [flag]: value,
        },
      ]);
      return `Authorisation saved for ${row.organisation.name}`;
    });

  const done = (message: string) => setNotice({ variant: 'success', message });

  return { notice, setNotice, done, addSelected, remove, toggle, flagsPending: flags.isPending };
}
