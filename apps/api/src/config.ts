import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BoxOptions } from './platform/evaluation-box/pool';

/**
 * The repository root (the folder with package-lock.json), so relative defaults work whichever folder
 * the process starts in and whether it runs from the TypeScript sources or the built bundle
 * (apps/api/dist/server.mjs, `npm run build`).
 */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (dir === path.dirname(dir)) return path.resolve(from, '../../..');
  }
}

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-0123456789';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * Every setting of the service, read from the environment, validated once at start-up.
 * Each has an embedded default, so a fresh clone runs with nothing installed; `.env.example` lists them.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy): a hop count (1 behind one
   * proxy that appends, as nginx and Azure Front Door do), or a comma list of proxy addresses or CIDR
   * ranges; `true` believes any (only where no client can reach the service but through the proxy).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  /** After SIGTERM: readiness answers 503 and the instance keeps serving this long before it stops. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).optional(),
  /** Then how long in-flight requests and jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** The port of the Prometheus metrics listener (GET /metrics), apart from the public one; unset: off. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('0.0.0.0'),
  /** Emails that become super administrators at first sign-in while there is none (decision 0033). */
  BOOTSTRAP_SUPER_ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter((e) => e !== ''),
    ),

  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request waits for a database connection before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  PGLITE_DIR: z.string().default(path.join(repoRoot, 'data/pglite')),
  /** Where `npm run build` leaves the cluster a fresh PGLITE_DIR starts from (db/pglite-template.ts). */
  PGLITE_TEMPLATE_DIR: z.string().default(path.join(repoRoot, 'data/pglite-template')),
  SEED_DEMO_DATA: bool(true),

  SESSION_SECRET: z.string().min(32).default(DEV_SESSION_SECRET),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  COOKIE_SECURE: optionalString,

  OIDC_ISSUER: optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: 'must be the identity provider URL, e.g. https://login.example.org/realms/nhs',
  }),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_ODS_CLAIM: z.string().default('ods_code'),

  STORAGE_DRIVER: z.enum(['local', 'azure']).default('local'),
  STORAGE_LOCAL_DIR: z.string().default(path.join(repoRoot, 'data/blobs')),
  STORAGE_AZURE_CONNECTION_STRING: optionalString,
  /**
   * How the service signs in to Azure Blob Storage (STORAGE_DRIVER=azure): `connection-string`, with
   * the account key in STORAGE_AZURE_CONNECTION_STRING; `managed-identity`, with Microsoft Entra ID
   * (DefaultAzureCredential: the managed identity, workload identity or AZURE_CLIENT_ID/_SECRET) at
   * STORAGE_AZURE_ACCOUNT_URL, the browser's URLs then signed as user-delegation SAS.
   */
  STORAGE_AZURE_AUTH: z.enum(['connection-string', 'managed-identity']).default('connection-string'),
  STORAGE_AZURE_ACCOUNT_URL: optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    { message: "must be the account's blob endpoint, e.g. https://dcfprod.blob.core.windows.net" },
  ),
  /**
   * The origin the browser reaches blob storage at, when it is not the one storage is configured with
   * (Azurite inside compose, a custom domain or CDN in front of the account): signed URLs get it, and
   * the Content-Security-Policy allows it.
   */
  STORAGE_PUBLIC_ORIGIN: optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    { message: 'must be an http(s) origin, e.g. https://files.example.nhs.uk' },
  ),
  STORAGE_CONTAINER: z.string().default('dcf'),
  STORAGE_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
  STORAGE_MAX_FILE_MB: z.coerce.number().min(1).max(1024).default(25),

  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Data Collection Framework <no-reply@dcf.localhost>'),
  REMINDER_DAYS_BEFORE_CLOSE: z.coerce.number().int().min(1).max(60).default(3),
  /** Runs the background job worker in this process (emails, schedules); off by default in tests. */
  JOBS_RUN: optionalString,
  /** Jobs one worker runs at once (emails in flight per instance). */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How often an idle worker looks for due jobs. */
  JOBS_POLL_MS: z.coerce.number().int().min(20).max(60_000).default(5_000),

  ODS_API_BASE_URL: z.string().url().default('https://directory.spineservices.nhs.uk/ORD/2-0-0'),

  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(20),
  /** Requests per minute per personal access token (each token its own allowance; decision 0039). */
  RATE_LIMIT_TOKEN_MAX: z.coerce.number().int().min(1).default(300),

  /**
   * The evaluation box (decision 0031): worker processes that evaluate what managers write (a save's
   * checks and data quality rules, a PDF's conditions). Default: as many as cores, at most 2.
   */
  EVALUATION_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Time budget of a save's or submit's evaluation; past it the save is refused (422). */
  EVALUATION_BUDGET_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** Time budget of a PDF's evaluation (the whole return printed). */
  EVALUATION_PRINT_BUDGET_MS: z.coerce.number().int().min(10).max(60_000).default(2_000),
  /** Heap limit of each worker, MB. */
  EVALUATION_MEMORY_MB: z.coerce.number().int().min(32).max(8_192).default(256),
  /**
   * The workers' scheduling priority (nice, 0-19): 10 runs them below the API, so that under load the
   * API keeps answering and evaluations wait; 0 shares the processor equally.
   */
  EVALUATION_WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * The user the workers run as when the API runs as root: `uid:gid` (default 65534:65534, nobody), or
   * `same` to keep root's. Ignored when the API runs as any other user (the workers run as it).
   */
  EVALUATION_WORKER_USER: z
    .string()
    .regex(/^(same|\d+:\d+)$/, 'must be uid:gid (e.g. 65534:65534) or same')
    .default('65534:65534'),

  /**
   * Fair admission of saves (decision 0043): how many run at once in this process (default: 4 per
   * evaluation worker), how many may wait their turn, first come first served, and for how long, ms;
   * past either a save is answered 503 with Retry-After.
   */
  SAVE_ADMISSION_IN_FLIGHT: z.coerce.number().int().min(1).max(1_000).optional(),
  SAVE_ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).default(2_000),
  SAVE_ADMISSION_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),

  FEATURE_COLLECTIONICON: bool(true),
  FEATURE_EMAILENABLED: bool(true),
  FEATURE_EXCELTEMPLATE: bool(true),
  FEATURE_SESSIONMANAGEMENT: bool(true),

  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Env = z.input<typeof envSchema>;

/** Fastify's trustProxy: none, all, a hop count, or the proxies' addresses and ranges. */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || ['false', '0', 'no', 'off'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((a) => a.trim());
  const bad = entries.filter((a) => {
    const [address, bits, ...rest] = a.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return true;
    return (
      bits !== undefined &&
      !(Number(bits) >= 0 && Number(bits) <= (family === 4 ? 32 : 128) && /^\d+$/.test(bits))
    );
  });
  if (bad.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxies, or proxy addresses or CIDR ranges separated by commas (not ${bad.join(', ')})`,
    });
  return entries;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  trustProxy: TrustProxy;
  shutdown: { drainSeconds: number; timeoutSeconds: number };
  metrics: { port: number | undefined; host: string };
  bootstrapSuperAdminEmails: string[];
  database: {
    url: string | undefined;
    poolSize: number;
    connectTimeoutMs: number;
    pgliteDir: string;
    pgliteTemplateDir: string;
    seedDemoData: boolean;
  };
  session: { secret: string; idleMinutes: number; absoluteHours: number; secureCookie: boolean };
  oidc: {
    issuer: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    scopes: string;
    odsClaim: string;
    /** True when no issuer is configured: the built-in development provider is mounted. */
    useDevelopmentProvider: boolean;
  };
  storage: {
    driver: 'local' | 'azure';
    localDir: string;
    azureConnectionString: string | undefined;
    /** The account key of the connection string, or Microsoft Entra ID (managed identity). */
    azureAuth: 'connection-string' | 'managed-identity';
    /** The blob endpoint, for managed identity (a connection string names its own). */
    azureAccountUrl: string | undefined;
    /** The origin the browser reaches storage at, when it differs from the configured endpoint. */
    publicOrigin: string | undefined;
    container: string;
    tokenMinutes: number;
    maxFileMb: number;
  };
  mail: { smtpUrl: string | undefined; from: string; reminderDaysBeforeClose: number };
  jobs: { run: boolean; concurrency: number; pollMs: number };
  ods: { apiBaseUrl: string };
  rateLimit: { max: number; signInMax: number; tokenMax: number };
  /** The evaluation box's settings, as the box takes them (pool.ts says what each means). */
  evaluation: Omit<BoxOptions, 'workerFile' | 'log' | 'onOverBudget'>;
  /** Fair admission of saves (platform/admission.ts). */
  admission: { inFlight: number; queue: number; waitMs: number };
  features: {
    COLLECTIONICON: boolean;
    EMAILENABLED: boolean;
    EXCELTEMPLATE: boolean;
    SESSIONMANAGEMENT: boolean;
  };
  webDistDir: string;
}

export class ConfigError extends Error {}

/** Parses the environment (process.env by default) into a Config, refusing unsafe production set-ups. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const evaluationWorkers = e.EVALUATION_WORKERS ?? Math.min(2, availableParallelism());
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdown: {
      // Long enough for a load balancer's probe to see readiness 503 (two 5 s probes) in production.
      drainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 10 : 0),
      timeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    bootstrapSuperAdminEmails: e.BOOTSTRAP_SUPER_ADMIN_EMAILS,
    database: {
      url: e.DATABASE_URL,
      poolSize: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      pgliteDir: e.PGLITE_DIR,
      pgliteTemplateDir: e.PGLITE_TEMPLATE_DIR,
      seedDemoData: e.SEED_DEMO_DATA,
    },
    session: {
      secret: e.SESSION_SECRET,
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteHours: e.SESSION_ABSOLUTE_HOURS,
      secureCookie: e.COOKIE_SECURE ? e.COOKIE_SECURE === 'true' : publicUrl.startsWith('https://'),
    },
    oidc: {
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      scopes: e.OIDC_SCOPES,
      odsClaim: e.OIDC_ODS_CLAIM,
      useDevelopmentProvider: !e.OIDC_ISSUER,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: e.STORAGE_LOCAL_DIR,
      azureConnectionString: e.STORAGE_AZURE_CONNECTION_STRING,
      azureAuth: e.STORAGE_AZURE_AUTH,
      azureAccountUrl: e.STORAGE_AZURE_ACCOUNT_URL?.replace(/\/$/, ''),
      publicOrigin: e.STORAGE_PUBLIC_ORIGIN ? new URL(e.STORAGE_PUBLIC_ORIGIN).origin : undefined,
      container: e.STORAGE_CONTAINER,
      tokenMinutes: e.STORAGE_TOKEN_MINUTES,
      maxFileMb: e.STORAGE_MAX_FILE_MB,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, reminderDaysBeforeClose: e.REMINDER_DAYS_BEFORE_CLOSE },
    jobs: {
      run: e.JOBS_RUN ? ['true', '1', 'yes', 'on'].includes(e.JOBS_RUN) : e.NODE_ENV !== 'test',
      concurrency: e.JOBS_CONCURRENCY,
      pollMs: e.JOBS_POLL_MS,
    },
    ods: { apiBaseUrl: e.ODS_API_BASE_URL },
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      signInMax: e.RATE_LIMIT_SIGN_IN_MAX,
      tokenMax: e.RATE_LIMIT_TOKEN_MAX,
    },
    evaluation: {
      workers: evaluationWorkers,
      budgetMs: e.EVALUATION_BUDGET_MS,
      printBudgetMs: e.EVALUATION_PRINT_BUDGET_MS,
      memoryMb: e.EVALUATION_MEMORY_MB,
      niceness: e.EVALUATION_WORKER_NICENESS,
      runAs:
        e.EVALUATION_WORKER_USER === 'same'
          ? null
          : (([uid, gid]) => ({ uid: Number(uid), gid: Number(gid) }))(e.EVALUATION_WORKER_USER.split(':')),
    },
    admission: {
      inFlight: e.SAVE_ADMISSION_IN_FLIGHT ?? 4 * evaluationWorkers,
      queue: e.SAVE_ADMISSION_QUEUE,
      waitMs: e.SAVE_ADMISSION_WAIT_MS,
    },
    features: {
      COLLECTIONICON: e.FEATURE_COLLECTIONICON,
      EMAILENABLED: e.FEATURE_EMAILENABLED,
      EXCELTEMPLATE: e.FEATURE_EXCELTEMPLATE,
      SESSIONMANAGEMENT: e.FEATURE_SESSIONMANAGEMENT,
    },
    webDistDir: e.WEB_DIST_DIR,
  };
  const storage = config.storage;
  if (storage.driver === 'azure' && storage.azureAuth === 'managed-identity' && !storage.azureAccountUrl)
    throw new ConfigError(
      "STORAGE_AZURE_ACCOUNT_URL is required when STORAGE_AZURE_AUTH=managed-identity: the account's blob endpoint, e.g. https://dcfprod.blob.core.windows.net",
    );
  if (
    storage.driver === 'azure' &&
    storage.azureAuth === 'connection-string' &&
    !storage.azureConnectionString
  )
    throw new ConfigError(
      'STORAGE_AZURE_CONNECTION_STRING is required when STORAGE_DRIVER=azure (or set STORAGE_AZURE_AUTH=managed-identity and STORAGE_AZURE_ACCOUNT_URL)',
    );
  if (config.env === 'production') refuseUnsafeProductionDefaults(config);
  return config;
}

/** Shannon entropy of the characters times the length: ~140 bits for 32 random base64 characters. */
export function estimatedEntropyBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / secret.length) * Math.log2(n / secret.length);
  return perChar * secret.length;
}

function refuseUnsafeProductionDefaults(config: Config): void {
  const problems: string[] = [];
  if (config.oidc.useDevelopmentProvider)
    problems.push('OIDC_ISSUER is not set: the development identity provider is never used in production');
  if (!config.oidc.clientId || !config.oidc.clientSecret)
    problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required');
  if (config.session.secret === DEV_SESSION_SECRET)
    problems.push('SESSION_SECRET must be set to a secret of your own');
  else if (estimatedEntropyBits(config.session.secret) < 96)
    problems.push(
      `SESSION_SECRET looks guessable (about ${Math.round(estimatedEntropyBits(config.session.secret))} bits of entropy by its characters, at least 96 needed): use 32+ random characters, e.g. openssl rand -base64 48`,
    );
  if (!config.database.url)
    problems.push('DATABASE_URL is required: the embedded database is for development only');
  if (!config.publicUrl.startsWith('https://')) problems.push('PUBLIC_URL must be https');
  if (config.oidc.issuer && !config.oidc.issuer.startsWith('https://'))
    problems.push(
      `OIDC_ISSUER must be an https:// URL in production (it is ${config.oidc.issuer}): tokens and the discovery document must not travel in clear`,
    );
  if (config.storage.driver === 'local')
    problems.push('STORAGE_DRIVER=azure is required: local disk storage is for development only');
  if (problems.length > 0)
    throw new ConfigError(`Refusing to start in production mode:\n  ${problems.join('\n  ')}`);
}
