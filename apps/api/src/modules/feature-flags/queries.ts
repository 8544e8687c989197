import type { FeatureFlagName } from '@dcf/domain';
import type { Tx } from '../../db/database';

/** Sets a flag for every instance, creating its row the first time it is set. */
export function upsertFeatureFlag(tx: Tx, name: FeatureFlagName, enabled: boolean, userId: number) {
  const updatedAt = new Date();
  return tx
    .insertInto('featureFlag')
    .values({ name, enabled, updatedBy: userId, updatedAt })
    .onConflict((oc) => oc.column('name').doUpdateSet({ enabled, updatedBy: userId, updatedAt }))
    .execute();
}
