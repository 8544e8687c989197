import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';

// Here, not in app.ts: every route module needs these types, and app.ts imports every route module.

/** The Fastify instance every module receives: zod schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's routes receive: explicit dependencies, no global container. */
export interface Deps {
  config: Config;
  database: DatabaseHandle;
}

export type RouteModule = (app: App, deps: Deps) => void | Promise<void>;
