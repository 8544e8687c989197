import type { assignUsers } from '@dcf/domain';
import { useState } from 'react';
import { getRecipients } from '../../api/collection-organisations';
import { searchUsers } from '../../api/users';
import { type OrganisationSearchRow, SearchWidget } from '../../components';

export type GiveAccessStep = 'idle' | 'organisation' | 'users';

/**
 * Giving submitter access, in two searches: a recipient organisation of the collection, then the people
 * to give access there (its own staff listed first). The chosen people and organisation go to `onChoose`.
 */
export function GiveAccessSearch({
  collectionId,
  step,
  onStep,
  onChoose,
}: {
  collectionId: number;
  step: GiveAccessStep;
  onStep: (step: GiveAccessStep) => void;
  onChoose: (
    users: Parameters<typeof assignUsers>[1],
    organisation: Parameters<typeof assignUsers>[2],
  ) => void;
}) {
  const [organisation, setOrganisation] = useState<OrganisationSearchRow | null>(null);
  return (
    <>
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
        onCancel={() => onStep('idle')}
        onSelect={(rows) => {
          setOrganisation(rows[0] ?? null);
          onStep(rows[0] ? 'users' : 'idle');
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
        onCancel={() => onStep('idle')}
        onSelect={(users) => {
          onStep('idle');
          if (!organisation) return;
          onChoose(
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
          );
        }}
      />
    </>
  );
}
