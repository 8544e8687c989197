import type { Config } from '../../config';
import type { Db, Tx } from '../../db/database';
import { declaredJobKinds, type JobKind } from './kinds';

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Db;
  config: Config;
  jobId: number;
  /** This run's attempt (1 first; more after a failure or after its worker was lost). */
  attempt: number;
  maxAttempts: number;
  /** The time the job runs at (a schedule's fire time for scheduled jobs). */
  now: Date;
  /**
   * Aborted when this worker has lost the job (its lease ran out and another worker claimed it): stop,
   * the other worker runs it. Writes through `progress` and `holdClaim` throw LostClaim then as well.
   */
  signal: AbortSignal;
  /** Stores how far the job has got on its row, for a screen to read (any instance). */
  progress(value: unknown): Promise<void>;
  /**
   * Call first inside a transaction that records the job's work: it commits only while this worker
   * still holds the job, so a worker that lost it (and another that took it) never both apply.
   */
  holdClaim(tx: Tx): Promise<void>;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/** Told once when a job is given up: its last attempt failed, or its worker was lost on it. */
export type JobGiveUp<P> = (
  payload: P,
  ctx: { db: Db; config: Config; jobId: number; error: string },
) => Promise<void>;

/** A kind bound to the handler that runs it: one entry of the list the service runs (src/jobs.ts). */
export interface JobRegistration<P = never> {
  kind: JobKind<P>;
  run: JobHandler<P>;
  onGiveUp?: JobGiveUp<P>;
}

/** Thrown where a worker finds it no longer holds its job: it stops, and reports nothing. */
export class LostClaim extends Error {
  constructor(jobId: number) {
    super(`Job #${jobId} was taken by another worker (its lease ran out)`);
  }
}

/** Binds a handler (and what to record when the job is given up) to its kind. */
export function jobHandler<P>(
  kind: JobKind<P>,
  run: JobHandler<P>,
  options: { onGiveUp?: JobGiveUp<P> } = {},
): JobRegistration<P> {
  return { kind, run, ...options } as JobRegistration<P>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of registrations of any payload type
export type AnyJobRegistration = JobRegistration<any>;

/**
 * The check made when the service starts (buildApp): every declared kind has exactly one handler and
 * every handler a declared kind. A kind without a handler would queue jobs nobody runs: the service
 * refuses to start, naming it.
 */
export function checkJobRegistry(registrations: readonly AnyJobRegistration[]): void {
  const handled = new Map<string, AnyJobRegistration>();
  for (const registration of registrations) {
    const name = registration.kind.name;
    if (handled.has(name)) throw new Error(`The job kind '${name}' has two handlers`);
    handled.set(name, registration);
  }
  const declared = declaredJobKinds();
  const missing = declared.filter((kind) => handled.get(kind.name)?.kind !== kind).map((k) => k.name);
  if (missing.length > 0)
    throw new Error(
      `No handler for the job kind(s) ${missing.map((n) => `'${n}'`).join(', ')} (src/jobs.ts)`,
    );
  const undeclared = [...handled.keys()].filter((name) => !declared.some((k) => k.name === name));
  if (undeclared.length > 0) throw new Error(`Handlers for undeclared job kind(s) ${undeclared.join(', ')}`);
}
