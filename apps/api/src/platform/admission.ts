import { messages } from '@dcf/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpProblem } from './errors';

/**
 * Fair admission of saves (decision 0043). Without it every save a process receives starts at once and
 * they all share the processor, the connection pool and the evaluation workers: under a burst each save
 * waits in three or four queues, behind saves that arrived later, and the slowest wait twice as long as
 * the middle. The gate lets `inFlight` saves run (enough to keep the workers and the connections busy)
 * and holds the others in one queue, first come first served, so a save waits once, in order, and then
 * runs at full speed. Past `queue` saves waiting, or after waiting `waitMs`, a save is answered the 503
 * a busy database gets (`database_unavailable`, Retry-After): the person's page says to try again.
 *
 * Routes opt in with `config: { admission: 'save' }`; everything else (health checks, pages, locks) is
 * never held here. The gate runs before the session is read, so a waiting save holds no connection.
 */

export interface AdmissionOptions {
  /** Saves running at once in this process. */
  inFlight: number;
  /** Saves that may wait; one more is refused at once. */
  queue: number;
  /** How long a save may wait for its turn before it is refused, ms. */
  waitMs: number;
}

/**
 * A save refused at the gate: the queue is full, its turn did not come in time, or its client went away
 * while it waited (nobody is left to answer, and the person's page will send it again).
 */
export class AdmissionRefused extends Error {
  constructor(readonly why: 'queue' | 'wait' | 'gone') {
    super(`save not admitted: ${why}`);
    this.name = 'AdmissionRefused';
  }
}

interface Waiter {
  admit(release: () => void): void;
  refuse(error: AdmissionRefused): void;
  timer: NodeJS.Timeout;
}

export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: AdmissionOptions) {}

  /** Saves running and waiting now (tests, metrics). */
  get counts() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Waits for a turn; resolves with the function that gives it back (call it once, when done). `gone`
   * aborts when the client goes away while waiting: its place goes to the saves behind it.
   */
  enter(gone?: AbortSignal): Promise<() => void> {
    if (this.running < this.options.inFlight && this.waiting.length === 0)
      return Promise.resolve(this.take());
    if (this.waiting.length >= this.options.queue) return Promise.reject(new AdmissionRefused('queue'));
    return new Promise((admit, refuse) => {
      const leave = (why: 'wait' | 'gone') => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        clearTimeout(waiter.timer);
        gone?.removeEventListener('abort', onGone);
        refuse(new AdmissionRefused(why));
      };
      const onGone = () => leave('gone');
      const waiter: Waiter = {
        admit: (release) => {
          gone?.removeEventListener('abort', onGone);
          admit(release);
        },
        refuse,
        timer: setTimeout(() => leave('wait'), this.options.waitMs),
      };
      this.waiting.push(waiter);
      gone?.addEventListener('abort', onGone, { once: true });
    });
  }

  private take(): () => void {
    this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
      this.next();
    };
  }

  private next(): void {
    while (this.running < this.options.inFlight && this.waiting.length > 0) {
      const waiter = this.waiting.shift() as Waiter;
      clearTimeout(waiter.timer);
      waiter.admit(this.take());
    }
  }
}

/** Seconds a refused save is told to wait before trying again. */
const RETRY_AFTER_SECONDS = '5';

/**
 * Holds the routes that declare `admission: 'save'` at the gate. Installed before the session is read
 * (request-context.ts), so it is the first thing such a request waits for.
 */
export function installAdmission(app: FastifyInstance, gate: AdmissionGate): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.admission !== 'save') return;
    // The response closes before it is sent only when the client goes away (a closed tab, a timeout).
    const gone = new AbortController();
    const abandon = () => gone.abort();
    reply.raw.once('close', abandon);
    let release: () => void;
    try {
      release = await gate.enter(gone.signal);
    } catch (error) {
      if (!(error instanceof AdmissionRefused)) throw error;
      if (error.why === 'gone') {
        request.log.info(gate.counts, 'save abandoned while waiting: its client went away');
        return reply.hijack();
      }
      request.log.warn({ why: error.why, ...gate.counts }, 'save not admitted: the server is busy');
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      throw new HttpProblem('database_unavailable', messages.serviceUnavailable);
    } finally {
      reply.raw.off('close', abandon);
    }
    giveBackWhenDone(reply, release);
  });
}

/**
 * The turn is given back when the answer is sent, or when the client goes away first. A client that went
 * away between its admission and here has closed already (no second 'close' comes): given back at once,
 * or the turn would be lost for good.
 */
function giveBackWhenDone(reply: FastifyReply, release: () => void) {
  if (reply.raw.closed || reply.raw.destroyed) return release();
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request waits its turn at the save gate (admission.ts). */
    admission?: 'save';
  }
}
