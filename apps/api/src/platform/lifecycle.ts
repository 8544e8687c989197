import type { FastifyInstance } from 'fastify';

/**
 * The instance's life, as the load balancer must see it (decision 0033):
 * - `starting` until the server listens (readiness 503; liveness 200);
 * - `ready` while it serves (readiness 200 when the database answers);
 * - `draining` from SIGTERM: readiness turns 503 at once so the load balancer stops sending new
 *   requests, while everything that still arrives is served (with `Connection: close`, so kept-alive
 *   clients reconnect elsewhere) for SHUTDOWN_DRAIN_SECONDS; then the server stops accepting, finishes
 *   in-flight requests and the running jobs, closes the database and exits.
 */
export type LifeState = 'starting' | 'ready' | 'draining';

export interface Lifecycle {
  readonly state: LifeState;
  markReady(): void;
  markDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let state: LifeState = 'starting';
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markDraining() {
      state = 'draining';
    },
  };
}

/** While draining, every answer asks its client to close the connection (and reconnect elsewhere). */
export function installDrainingHeader(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.state === 'draining') reply.header('connection', 'close');
  });
}

export interface ShutdownOptions {
  drainSeconds: number;
  /** After the drain, how long in-flight requests and jobs may take before the process exits anyway. */
  timeoutSeconds: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Stops accepting, waits for in-flight requests and the app's onClose hooks (the job runner). */
  closeServer(): Promise<void>;
  closeDatabase(): Promise<void>;
  exit(code: number): void;
}

/** The shutdown that SIGTERM and SIGINT start: drain, close, exit (once, whatever signals follow). */
export function shutdownOnSignals(lifecycle: Lifecycle, options: ShutdownOptions): void {
  let started = false;
  const shutdown = async (signal: string) => {
    if (started) return;
    started = true;
    lifecycle.markDraining();
    options.log.info(
      { signal, drainSeconds: options.drainSeconds },
      'shutting down: readiness now answers 503; still serving during the drain period',
    );
    await new Promise((resolve) => setTimeout(resolve, options.drainSeconds * 1000));
    const deadline = setTimeout(() => {
      options.log.error({ timeoutSeconds: options.timeoutSeconds }, 'shutdown timed out; exiting');
      options.exit(1);
    }, options.timeoutSeconds * 1000);
    deadline.unref();
    options.log.info({}, 'drain period over: no longer accepting; finishing in-flight requests and jobs');
    try {
      await options.closeServer();
      await options.closeDatabase();
      options.log.info({}, 'shut down cleanly');
      options.exit(0);
    } catch (error) {
      options.log.error({ err: error }, 'shutdown failed');
      options.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
