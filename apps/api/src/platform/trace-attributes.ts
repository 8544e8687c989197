import { ProxyTracerProvider, type Span, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * What the service adds to the spans OpenTelemetry's instrumentation makes (src/tracing.ts, decision
 * 0033). Only the API package is used here: with no tracer provider registered (no OTLP endpoint) there
 * is no active span, and each call below returns at once.
 */

/** The signed-in user's id on the request's span (OpenTelemetry's `enduser.id`). */
export const USER_ID_ATTRIBUTE = 'enduser.id';

/** The OTLP endpoint traces go to, when one is set (the standard OpenTelemetry variables). */
export function tracingEndpoint(): string | undefined {
  return (
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() ||
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ||
    undefined
  );
}

/** Where traces go, for the start-up log line: the endpoint's origin (no path, user or key), or null. */
export function tracingOrigin(): string | null {
  const endpoint = tracingEndpoint();
  return endpoint && URL.canParse(endpoint) ? new URL(endpoint).origin : null;
}

/** The request's server span, when it is being traced. */
function requestSpan(): Span | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span : undefined;
}

/**
 * Names the server span after the declared route (`POST /v1/api/Collection/:collectionId/...`), never
 * the raw URL, as the metrics do; the route is known once Fastify has matched it, before onRequest.
 */
export function installTraceAttributes(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = route ? requestSpan() : undefined;
    if (span && route) {
      span.setAttribute('http.route', route);
      span.updateName(`${request.method} ${route}`);
    }
    done();
  });
}

/** Puts the signed-in user's id on the request's span (called by the session hook, request-context.ts). */
export function traceUser(userId: number): void {
  requestSpan()?.setAttribute(USER_ID_ATTRIBUTE, String(userId));
}

/** Sends the spans still buffered (at shutdown); nothing to do when tracing is off. */
export async function flushTraces(): Promise<void> {
  const global = trace.getTracerProvider();
  const provider = global instanceof ProxyTracerProvider ? global.getDelegate() : global;
  const flush = (provider as { forceFlush?: () => Promise<void> }).forceFlush;
  if (flush) await flush.call(provider);
}
