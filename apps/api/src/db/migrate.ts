import { type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations';

function migrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export interface MigrationOutcome {
  applied: string[];
  direction: 'Up' | 'Down';
}

function outcome(result: MigrationResultSet, direction: 'Up' | 'Down'): MigrationOutcome {
  if (result.error) throw result.error;
  return {
    direction,
    applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

/** Runs every pending migration, in order. Advisory-locked by Kysely, so two instances can start together. */
export async function migrateToLatest(db: Db): Promise<MigrationOutcome> {
  return outcome(await migrator(db).migrateToLatest(), 'Up');
}

/** Rolls back the newest applied migration. */
export async function rollbackLast(db: Db): Promise<MigrationOutcome> {
  return outcome(await migrator(db).migrateDown(), 'Down');
}

/** Rolls back every migration (used by the reversibility test). */
export async function rollbackAll(db: Db): Promise<MigrationOutcome> {
  return outcome(await migrator(db).migrateTo(NO_MIGRATIONS), 'Down');
}

export async function listMigrations(db: Db): Promise<{ name: string; executedAt: Date | null }[]> {
  const list = await migrator(db).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}
