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
import type { EvaluationBox } from './evaluation-box/pool';
import type { Lifecycle } from './lifecycle';

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
  /** The instance's life (starting, ready, draining), from server.ts; tests leave it out (always ready). */
  lifecycle?: Lifecycle;
  /** Where manager-authored logic is evaluated (decision 0031); buildApp makes it when not given. */
  box: Evaluator;
}

/** What the routes ask of the evaluation box (a bench stands in its own to compare). */
export type Evaluator = Pick<EvaluationBox, 'checkReturn' | 'printAnswers' | 'close'>;

export type RouteModule = (app: App, deps: Deps) => void | Promise<void>;
