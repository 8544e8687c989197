import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  TRUST_PROXY: bool(false),

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

  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_ODS_CLAIM: z.string().default('ods_code'),

  STORAGE_DRIVER: z.enum(['local', 'azure']).default('local'),
  STORAGE_LOCAL_DIR: z.string().default(path.join(repoRoot, 'data/blobs')),
  STORAGE_AZURE_CONNECTION_STRING: optionalString,
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

  ODS_API_BASE_URL: z.string().url().default('https://directory.spineservices.nhs.uk/ORD/2-0-0'),
  /** A sync run still 'running' after this long was left by a stopped instance: it is marked failed. */
  ODS_SYNC_TIMEOUT_MINUTES: z.coerce.number().int().positive().default(120),

  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_SIGN_IN_MAX: z.coerce.number().int().min(1).default(20),

  FEATURE_COLLECTIONICON: bool(true),
  FEATURE_EMAILENABLED: bool(true),
  FEATURE_EXCELTEMPLATE: bool(true),
  FEATURE_SESSIONMANAGEMENT: bool(true),

  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  trustProxy: boolean;
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
    container: string;
    tokenMinutes: number;
    maxFileMb: number;
  };
  mail: { smtpUrl: string | undefined; from: string; reminderDaysBeforeClose: number };
  jobs: { run: boolean; concurrency: number };
  ods: { apiBaseUrl: string; syncTimeoutMinutes: number };
  rateLimit: { max: number; signInMax: number };
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
  const config: Config = {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
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
      container: e.STORAGE_CONTAINER,
      tokenMinutes: e.STORAGE_TOKEN_MINUTES,
      maxFileMb: e.STORAGE_MAX_FILE_MB,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, reminderDaysBeforeClose: e.REMINDER_DAYS_BEFORE_CLOSE },
    jobs: {
      run: e.JOBS_RUN ? ['true', '1', 'yes', 'on'].includes(e.JOBS_RUN) : e.NODE_ENV !== 'test',
      concurrency: e.JOBS_CONCURRENCY,
    },
    ods: { apiBaseUrl: e.ODS_API_BASE_URL, syncTimeoutMinutes: e.ODS_SYNC_TIMEOUT_MINUTES },
    rateLimit: { max: e.RATE_LIMIT_MAX, signInMax: e.RATE_LIMIT_SIGN_IN_MAX },
    features: {
      COLLECTIONICON: e.FEATURE_COLLECTIONICON,
      EMAILENABLED: e.FEATURE_EMAILENABLED,
      EXCELTEMPLATE: e.FEATURE_EXCELTEMPLATE,
      SESSIONMANAGEMENT: e.FEATURE_SESSIONMANAGEMENT,
    },
    webDistDir: e.WEB_DIST_DIR,
  };
  if (config.env === 'production') refuseUnsafeProductionDefaults(config);
  return config;
}

function refuseUnsafeProductionDefaults(config: Config): void {
  const problems: string[] = [];
  if (config.oidc.useDevelopmentProvider)
    problems.push('OIDC_ISSUER is not set: the development identity provider is never used in production');
  if (!config.oidc.clientId || !config.oidc.clientSecret)
    problems.push('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required');
  if (config.session.secret === DEV_SESSION_SECRET)
    problems.push('SESSION_SECRET must be set to a secret of your own');
  if (!config.database.url)
    problems.push('DATABASE_URL is required: the embedded database is for development only');
  if (!config.publicUrl.startsWith('https://')) problems.push('PUBLIC_URL must be https');
  if (config.storage.driver === 'local')
    problems.push('STORAGE_DRIVER=azure is required: local disk storage is for development only');
  if (problems.length > 0)
    throw new ConfigError(`Refusing to start in production mode:\n  ${problems.join('\n  ')}`);
}
