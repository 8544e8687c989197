import { type FeatureFlagName, featureFlagNames } from '@dcf/domain';
import type { Config } from '../config';
import type { Db } from '../db/database';

export type FeatureFlags = Record<FeatureFlagName, boolean>;

/**
 * Every request reads the flags (SESSIONMANAGEMENT decides the idle limit), so each instance keeps
 * them for a few seconds instead of asking the database every time. A change made on this instance
 * is seen at once; other instances see it within the TTL.
 */
const CACHE_TTL_MS = 5_000;
const cache = new WeakMap<Db, { at: number; flags: FeatureFlags }>();

/**
 * Feature flags: configuration gives the defaults (FEATURE_*), a super administrator's change is
 * stored in the database and wins, so every instance sees the same value.
 */
export async function getFeatureFlags(db: Db, config: Config): Promise<FeatureFlags> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < CACHE_TTL_MS) return { ...cached.flags };
  const rows = await db.selectFrom('featureFlag').select(['name', 'enabled']).execute();
  const flags = { ...config.features };
  for (const row of rows)
    if ((featureFlagNames as readonly string[]).includes(row.name))
      flags[row.name as FeatureFlagName] = row.enabled;
  cache.set(db, { at: Date.now(), flags });
  return { ...flags };
}

/** Drops this instance's cached flags (after a change). */
export function forgetFeatureFlags(db: Db): void {
  cache.delete(db);
}
