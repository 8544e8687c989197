import module from 'node:module';

// V8 keeps the compiled code of every module on disk between starts (Node 22.1 and later, in the OS's
// temporary folder): about 1 s less CPU a start once warm (decision 0026). Everything is imported
// below, after this, so that it is covered.
module.enableCompileCache?.();

// Tracing hooks `pg` and `http` as they load, so it starts before the service's modules are imported;
// without an OTLP endpoint nothing of OpenTelemetry's SDK is loaded at all (decision 0033). In the
// build these are the bundles dist/tracing.mjs and dist/main.mjs beside this one (apps/api/build.mjs).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  await (await import('./tracing')).startTracing();
await import('./main');
