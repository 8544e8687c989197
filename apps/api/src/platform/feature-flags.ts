import { type FeatureFlagName, featureFlagNames } from '@dcf/domain';
import type { Config } from '../config';
import type { Db } from '../db/database';

export type FeatureFlags = Record<FeatureFlagName, boolean>;

/**
 * Feature flags: configuration gives the defaults (FEATURE_*), a super administrator's change is
 * stored in the database and wins, so every instance sees the same value.
 */
export async function getFeatureFlags(db: Db, config: Config): Promise<FeatureFlags> {
  const rows = await db.selectFrom('featureFlag').select(['name', 'enabled']).execute();
  const flags = { ...config.features };
  for (const row of rows)
    if ((featureFlagNames as readonly string[]).includes(row.name))
      flags[row.name as FeatureFlagName] = row.enabled;
  return flags;
}
