import type { collectionAbilitiesOf } from '../../platform/policy';
import type { CollectionRow } from './queries';

type CollectionAbilities = ReturnType<typeof collectionAbilitiesOf>;

/**
 * The collection as the API presents it, with what this user may do to it: the caller asks the policy
 * for the abilities (`collectionAbilitiesOf`).
 */
export function presentCollection(row: CollectionRow, abilities: CollectionAbilities) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities,
  };
}
