import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { register as registerImportHooks, supportsSyncHooks } from 'import-in-the-middle/register-hooks.mjs';
import { redactQuery, SECRET_QUERY_PARAMETERS } from './platform/redact-url';
import { tracingEndpoint } from './platform/trace-attributes';

/**
 * OpenTelemetry traces, started by server.ts before the service's modules load, and only when an OTLP
 * endpoint is set (decision 0033). Spans go to the standard OpenTelemetry variables' endpoint as
 * OTLP/HTTP with JSON bodies, in batches:
 * - a server span per request (health probes left out), named after the declared route, with the
 *   signed-in user's id (platform/trace-attributes.ts), its query's secret values redacted;
 * - a client span per call the service makes (identity provider, storage, ODS), secrets redacted;
 * - a span per database statement and connection checkout under the span that made it (never the
 *   statement's values).
 * `pg` is an ES module import of the bundle, so it is hooked through import-in-the-middle's loader
 * hook; `http` is required by Fastify and the clients, which require-in-the-middle sees.
 */
export async function startTracing(): Promise<void> {
  const endpoint = tracingEndpoint();
  if (endpoint && !URL.canParse(endpoint)) {
    console.error(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be the URL of an OTLP/HTTP receiver, e.g. http://otel-collector:4318 (it is ${endpoint})`,
    );
    process.exit(1);
  }
  if (supportsSyncHooks()) registerImportHooks({ include: ['pg', 'pg-pool'] });
  else {
    const { register } = await import('node:module');
    const { createAddHookMessageChannel } = await import('import-in-the-middle');
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    await waitForAllMessagesAcknowledged();
  }

  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the default name.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'data-collection-framework' }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes every few seconds from each load balancer would drown the requests.
        ignoreIncomingRequestHook: (request) => request.url?.startsWith('/v1/api/health') === true,
        // Set last, over the instrumentation's own `url.query`.
        startIncomingSpanHook: (request) => {
          const query = request.url?.split('?')[1];
          return query ? { 'url.query': redactQuery(query) } : {};
        },
        redactedQueryParams: [...SECRET_QUERY_PARAMETERS],
      }),
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
}
