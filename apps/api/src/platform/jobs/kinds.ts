import type { z } from 'zod';

/**
 * A kind of background job: its name in the `job` table and the zod schema of its payload. Declared
 * once, beside the module that raises it (without its handler, so raising a job never imports what
 * running it needs); the handler is bound to it in the one list of jobs the service runs (src/jobs.ts).
 *
 * `enqueue` takes a kind, not a name, so a job of a kind nobody declared does not compile, and its
 * payload is checked against the schema when it is queued (a wrong payload fails the change that
 * raised it, not a worker minutes later).
 */
export interface JobKind<Payload = unknown> {
  readonly name: string;
  readonly schema: z.ZodType<Payload>;
  /** Claim order when the caller gives none (JOB_PRIORITY; default normal). */
  readonly priority?: number;
  /** Attempts before the job is marked failed (default 5). */
  readonly maxAttempts?: number;
}

export type PayloadOf<K> = K extends JobKind<infer P> ? P : never;

const declared = new Map<string, JobKind<never>>();

/** Declares a kind of job. A name declared twice is a programming error, refused at once. */
export function defineJobKind<Schema extends z.ZodType>(
  name: string,
  schema: Schema,
  defaults: { priority?: number; maxAttempts?: number } = {},
): JobKind<z.output<Schema>> {
  if (declared.has(name)) throw new Error(`The job kind '${name}' is declared twice`);
  const kind: JobKind<z.output<Schema>> = Object.freeze({
    name,
    schema: schema as z.ZodType<z.output<Schema>>,
    ...defaults,
  });
  declared.set(name, kind as JobKind<never>);
  return kind;
}

/** Thrown by enqueue for a kind that was not declared with defineJobKind (a cast, or a copy). */
export class UnknownJobKind extends Error {}

/** The declared kind, or UnknownJobKind: enqueue refuses what no handler list can know. */
export function assertDeclared(kind: JobKind<unknown>): void {
  if (declared.get(kind?.name) !== kind)
    throw new UnknownJobKind(`Unknown job kind '${String(kind?.name)}': declare it with defineJobKind`);
}

/** Every kind declared so far (the modules loaded), for the check made when the service starts. */
export function declaredJobKinds(): JobKind<unknown>[] {
  return [...declared.values()];
}
