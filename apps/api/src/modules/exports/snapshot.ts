import type { ControlledTransaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * One export sees the database at one moment: its columns, its row count, its order and
 * every batch of rows are read in one REPEATABLE READ transaction, so a return submitted while the
 * export downloads is wholly in it or wholly out of it, and the X-Export-Rows count matches the rows.
 * The export's audit entry is written in the same transaction (PGlite has one connection: a write
 * outside it would wait for the export to end).
 *
 * The price: the transaction, and so one connection, is held until the last row is read, paced by
 * the client's download. On PostgreSQL that is one pooled connection per running export; PGlite (one
 * connection, development only: decision 0002) serves other requests once the export's rows are read.
 */
export interface Snapshot {
  db: ControlledTransaction<Database>;
  /** Commits (the audit entry; the reads need nothing). Safe to call twice and after a failure. */
  end(): Promise<void>;
}

async function openSnapshot(db: Db): Promise<Snapshot> {
  const tx = await db.startTransaction().setIsolationLevel('repeatable read').execute();
  return {
    db: tx,
    async end() {
      // After a failed statement PostgreSQL answers COMMIT with a rollback, which is what is wanted.
      if (!tx.isCommitted && !tx.isRolledBack) await tx.commit().execute();
    },
  };
}

/**
 * Starts `work` (which streams its result, ending the snapshot when the stream ends) in a new snapshot;
 * if it fails before it has anything to stream, the snapshot is ended here.
 */
export async function startInSnapshot<T>(db: Db, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const snapshot = await openSnapshot(db);
  try {
    return await work(snapshot);
  } catch (error) {
    await snapshot.end();
    throw error;
  }
}
