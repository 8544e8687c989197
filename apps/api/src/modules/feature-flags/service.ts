import type { FeatureFlagName } from '@dcf/domain';
import type { Db } from '../../db/database';
import { writeAudit } from '../../platform/audit';
import { forgetFeatureFlags } from '../../platform/feature-flags';
import { upsertFeatureFlag } from './queries';

/** A super administrator turns a flag on or off for every instance; the change is audited. */
export async function setFeatureFlag(
  db: Db,
  userId: number,
  name: FeatureFlagName,
  enabled: boolean,
  requestId: string,
) {
  await db.transaction().execute(async (tx) => {
    await upsertFeatureFlag(tx, name, enabled, userId);
    await writeAudit(tx, {
      userId,
      action: 'featureFlag.set',
      entityType: 'featureFlag',
      entityId: name,
      after: { enabled },
      requestId,
    });
  });
  forgetFeatureFlags(db);
}
