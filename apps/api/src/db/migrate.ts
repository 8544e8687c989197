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

/** Migrates up or down to the named migration (a migration's data test starts from the one before). */
export async function migrateTo(db: Db, name: string): Promise<MigrationOutcome> {
  const applied = (await listMigrations(db)).filter((m) => m.executedAt !== null).map((m) => m.name);
  const direction = applied.includes(name) && applied.at(-1) !== name ? 'Down' : 'Up';
  return outcome(await migrator(db).migrateTo(name), direction);
}

/** Rolls back every migration (used by the reversibility test). */
export async function rollbackAll(db: Db): Promise<MigrationOutcome> {
  return outcome(await migrator(db).migrateTo(NO_MIGRATIONS), 'Down');
}

export async function listMigrations(db: Db): Promise<{ name: string; executedAt: Date | null }[]> {
  const list = await migrator(db).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}
