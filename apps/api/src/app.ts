import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { installJobWorker } from './jobs';
import { accessTokenRoutes } from './modules/access-tokens/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { bulkReturnRoutes } from './modules/bulk-returns/routes';
import { collectionOrganisationRoutes } from './modules/collection-organisations/routes';
import { collectionRoleRoutes } from './modules/collection-roles/routes';
import { collectionRoutes } from './modules/collections/routes';
import { dataQualityRoutes } from './modules/data-quality/routes';
import { excelRoutes } from './modules/excel/routes';
import { exportRoutes } from './modules/exports/routes';
import { featureFlagRoutes } from './modules/feature-flags/routes';
import { formRoutes } from './modules/forms/routes';
import { healthRoutes } from './modules/health/routes';
import { lookupRoutes } from './modules/lookups/routes';
import { migrationRoutes } from './modules/migration/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { odataRoutes } from './modules/odata/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { pdfRoutes } from './modules/pdf/routes';
import { reportingPeriodRoutes } from './modules/reporting-periods/routes';
import { scheduleRoutes } from './modules/schedules/routes';
import { localBlobRoutes } from './modules/storage/local-blob-routes';
import { storageRoutes } from './modules/storage/routes';
import { submissionRoutes } from './modules/submissions/routes';
import { userRoutes } from './modules/users/routes';
import { viewRoutes } from './modules/views/routes';
import { tokenRateLimitKey } from './platform/access-tokens';
import { AdmissionGate, installAdmission } from './platform/admission';
import { mountDevelopmentProvider } from './platform/auth/development-provider';
import { installErrorHandler } from './platform/errors-install';
import { EvaluationBox } from './platform/evaluation-box/pool';
import { installHostileInputChecks } from './platform/hostile-input';
import { installDrainingHeader } from './platform/lifecycle';
import { loggerOptions } from './platform/logger';
import { countEvaluationTimeout } from './platform/metrics';
import { openapiOptions } from './platform/openapi';
import { access } from './platform/policy';
import { createRateLimitStore } from './platform/rate-limit/store';
import { API_PREFIX, installRequestContext } from './platform/request-context';
import { installRequestMetrics } from './platform/request-metrics';
import type { App, Deps, RouteModule } from './platform/route-module';
import { blobStoreFor } from './platform/storage/blob-store';
import { installTraceAttributes } from './platform/trace-attributes';

/** Every resource module, in one list: adding a resource adds one line here. */
const modules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  accessTokenRoutes,
  migrationRoutes,
  featureFlagRoutes,
  collectionRoutes,
  formRoutes,
  organisationRoutes,
  lookupRoutes,
  reportingPeriodRoutes,
  scheduleRoutes,
  collectionOrganisationRoutes,
  collectionRoleRoutes,
  exportRoutes,
  notificationRoutes,
  auditRoutes,
  submissionRoutes,
  bulkReturnRoutes,
  viewRoutes,
  dataQualityRoutes,
  storageRoutes,
  pdfRoutes,
  excelRoutes,
  odataRoutes,
];

/** Builds the whole application from config and an open database. Used by server.ts and by tests. */
export async function buildApp(
  given: Omit<Deps, 'box'> & { box?: Deps['box'] },
  options: { extraModules?: RouteModule[]; logStream?: { write(line: string): void } } = {},
): Promise<App> {
  const { config } = given;
  const app = Fastify({
    // Secret query values (the OIDC code, URL signatures) and cookies never reach a line (logger.ts).
    logger:
      config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest the service (as Fastify's number form does).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  // The evaluation box is the app's: its workers stop when the app closes (SIGTERM's shutdown, tests).
  const box =
    given.box ??
    new EvaluationBox({ ...config.evaluation, log: app.log, onOverBudget: countEvaluationTimeout });
  app.addHook('onClose', () => box.close());
  const deps: Deps = { ...given, box };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.lifecycle) installDrainingHeader(app, deps.lifecycle);
  installRequestMetrics(app);
  installTraceAttributes(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry personal data: no browser or proxy keeps a copy (downloads included).
    if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  });

  const browserStorage = blobStoreFor(config).browserOrigin;
  const storageOrigin = browserStorage ? [browserStorage] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Form.io and the API reference set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The browser PUTs files to and GETs them from storage directly (signed URLs): its origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigin],
        connectSrc: ["'self'", ...storageOrigin],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(config.oidc.issuer ? [new URL(config.oidc.issuer).origin] : [])],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(cookie, { secret: config.session.secret });
  await app.register(rateLimit, {
    // A personal access token has its own allowance, whatever address it calls from (decision 0039).
    keyGenerator: (request) => tokenRateLimitKey(request) ?? request.ip,
    max: (_request, key) => (key.startsWith('pat:') ? config.rateLimit.tokenMax : config.rateLimit.max),
    timeWindow: '1 minute',
    // Route limits (sign-in) are shared by every instance through the database; see the store.
    store: createRateLimitStore(deps.database.db),
    // Health checks (load balancers, probes every few seconds) never spend a client's allowance.
    allowList: (request) =>
      !request.url.startsWith(API_PREFIX) ||
      request.url.split('?')[0]?.startsWith(`${API_PREFIX}/health`) === true,
  });

  await app.register(swagger, openapiOptions(config));
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });

  installErrorHandler(app);
  installHostileInputChecks(app);
  // Before the session is read: a save waiting its turn holds no database connection.
  installAdmission(app, new AdmissionGate(config.admission));
  installRequestContext(app, { db: deps.database.db, config });
  if (config.oidc.useDevelopmentProvider) await mountDevelopmentProvider(app, deps.database.db, config);

  for (const module of [...modules, ...(options.extraModules ?? [])]) {
    await app.register(async (scoped) => module(scoped.withTypeProvider<ZodTypeProvider>(), deps), {
      prefix: API_PREFIX,
    });
  }
  installJobWorker(app, deps);
  // The embedded store's signed blob URLs live outside /v1/api: the URL is the credential, as with Azure SAS.
  if (config.storage.driver === 'local')
    await app.register(async (scoped) => localBlobRoutes(scoped.withTypeProvider<ZodTypeProvider>(), deps));

  app.get(
    `${API_PREFIX}/openapi.json`,
    { config: { access: access.public }, schema: { hide: true } },
    async () => app.swagger(),
  );
  app.get('/health', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`${API_PREFIX}/health`),
  );
  // Metrics have their own port (METRICS_PORT); here they are not found, not the web app's page.
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
  await serveWebApp(app, config);
  return app;
}

/** Serves the built web app, with every non-API path falling back to index.html (client-side routes). */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexHtml = path.join(config.webDistDir, 'index.html');
  if (!existsSync(indexHtml)) return;
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    wildcard: false,
    index: false,
    // Vite names every file under assets/ by its content's hash, so a browser may keep it for a year without
    // asking again: a new release has new names. Anything else (index.html, favicon, public/ files) is
    // re-checked on each load (ETag), so a release shows at once.
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(config.webDistDir, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // A catch-all GET route, not a second not-found handler (errors-install.ts owns that one).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/v1/') || path.extname(pathname)) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
}
