/** Which database engine the API tests run on, and where the PostgreSQL server is. */
export const engine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrlFor(name: string): string {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
