import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../../db/database';
import { countHit, deleteEndedCounters, readCounter } from './queries';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// The plugin's own in-memory store, for the plugin-wide limit (it exports no path for it).
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

const SWEEP_EVERY_MS = 60_000;

/**
 * The store given to @fastify/rate-limit (decision 0018). The plugin-wide limit (every API request,
 * per client address) stays in each instance's memory: it protects that instance's capacity, and a
 * database write per request would cost more than it saves. A route's own limit (`config.rateLimit`,
 * the sign-in routes) is counted in PostgreSQL, shared by every instance: N instances allow the limit
 * once, not N times. The plugin calls `child()` once for each route with its own limit.
 */
export function createRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    deleteEndedCounters(db).catch(() => {
      // Best effort: the next sweep tries again; stale rows are only ignored until then.
    });
  };

  class SharedCounter implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}
    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(db, `${this.prefix}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => {
          sweep();
          callback(null, { current: hits, ttl: Math.max(0, ttlMs) });
        },
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: Callback): void {
      readCounter(db, `${this.prefix}|${key}`).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: Math.max(0, ttlMs) }),
        (error: Error) => callback(error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return class RateLimitStore implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      this.local = new LocalStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        options.cache,
      );
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.local.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: string; url?: string };
    }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new SharedCounter(`${String(route.method)} ${route.url}`);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
