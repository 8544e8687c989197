import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://login.example.org/realms/nhs',
  OIDC_CLIENT_ID: 'dcf',
  OIDC_CLIENT_SECRET: 'secret',
  SESSION_SECRET: 'c2VjcmV0LXRoYXQtaXMtbG9uZy1lbm91Z2gtYW5kLXJhbmRvbQ',
  DATABASE_URL: 'postgres://dcf@db/dcf',
  PUBLIC_URL: 'https://dcf.example.nhs.uk',
  STORAGE_DRIVER: 'azure',
  STORAGE_AZURE_CONNECTION_STRING: 'UseDevelopmentStorage=true',
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
};

describe('settings refused at start', () => {
  it('accepts a production set-up with an https issuer', () => {
    expect(refusal(production)).toBeNull();
  });

  it('refuses an http:// identity provider in production, naming OIDC_ISSUER in one sentence', () => {
    expect(refusal({ ...production, OIDC_ISSUER: 'http://login.example.org/realms/nhs' })).toBe(
      'Refusing to start in production mode:\n  OIDC_ISSUER must be an https:// URL in production (it is http://login.example.org/realms/nhs): tokens and the discovery document must not travel in clear',
    );
    // Development and tests may use an http provider on loopback.
    expect(refusal({ NODE_ENV: 'development', OIDC_ISSUER: 'http://127.0.0.1:9000' })).toBeNull();
  });

  it('refuses an issuer that is not a URL at all, instead of a stack trace later', () => {
    expect(refusal({ NODE_ENV: 'development', OIDC_ISSUER: 'login.example.org' })).toBe(
      'Invalid configuration:\n  OIDC_ISSUER: must be the identity provider URL, e.g. https://login.example.org/realms/nhs',
    );
  });

  it('takes STORAGE_PUBLIC_ORIGIN as an origin, and refuses one that is not http(s)', () => {
    expect(
      loadConfig({ STORAGE_PUBLIC_ORIGIN: 'https://files.example.nhs.uk/ignored/path' }).storage.publicOrigin,
    ).toBe('https://files.example.nhs.uk');
    expect(loadConfig({}).storage.publicOrigin).toBeUndefined();
    expect(refusal({ STORAGE_PUBLIC_ORIGIN: 'files.example.nhs.uk' })).toBe(
      'Invalid configuration:\n  STORAGE_PUBLIC_ORIGIN: must be an http(s) origin, e.g. https://files.example.nhs.uk',
    );
  });

  it('takes Azure storage with a managed identity (no key) and names the setting it lacks', () => {
    const { STORAGE_AZURE_CONNECTION_STRING: _key, ...keyless } = production;
    const managed = {
      ...keyless,
      STORAGE_AZURE_AUTH: 'managed-identity',
      STORAGE_AZURE_ACCOUNT_URL: 'https://dcfprod.blob.core.windows.net/',
    };
    expect(refusal(managed)).toBeNull();
    expect(loadConfig(managed).storage).toMatchObject({
      azureAuth: 'managed-identity',
      azureAccountUrl: 'https://dcfprod.blob.core.windows.net',
    });
    expect(loadConfig({}).storage.azureAuth).toBe('connection-string');
    expect(refusal({ ...managed, STORAGE_AZURE_ACCOUNT_URL: '' })).toBe(
      "STORAGE_AZURE_ACCOUNT_URL is required when STORAGE_AZURE_AUTH=managed-identity: the account's blob endpoint, e.g. https://dcfprod.blob.core.windows.net",
    );
    expect(refusal({ ...managed, STORAGE_AZURE_ACCOUNT_URL: 'dcfprod' })).toBe(
      "Invalid configuration:\n  STORAGE_AZURE_ACCOUNT_URL: must be the account's blob endpoint, e.g. https://dcfprod.blob.core.windows.net",
    );
    expect(refusal({ ...managed, STORAGE_AZURE_AUTH: 'account-key' })).toMatch(
      /^Invalid configuration:\n {2}STORAGE_AZURE_AUTH: /,
    );
    // The account key is still the default, and still required without a managed identity.
    expect(refusal(keyless)).toBe(
      'STORAGE_AZURE_CONNECTION_STRING is required when STORAGE_DRIVER=azure (or set STORAGE_AZURE_AUTH=managed-identity and STORAGE_AZURE_ACCOUNT_URL)',
    );
  });
});

describe('fair admission of saves (decision 0043)', () => {
  it('lets 4 saves a process run per evaluation worker unless told otherwise, then 2,000 wait up to 30 s', () => {
    const workers = loadConfig({}).evaluation.workers;
    expect(loadConfig({}).admission).toEqual({ inFlight: 4 * workers, queue: 2_000, waitMs: 30_000 });
    expect(loadConfig({ EVALUATION_WORKERS: '3' }).admission.inFlight).toBe(12);
    expect(loadConfig({ EVALUATION_WORKERS: '3', SAVE_ADMISSION_IN_FLIGHT: '16' }).admission.inFlight).toBe(
      16,
    );
  });
});
