import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness';
import { signInThroughProvider } from './support/sign-in-flow';

// BOOTSTRAP_SUPER_ADMIN_EMAILS (decision 0033): on a database with no super administrator, a listed
// person becomes one at their first sign-in; once one exists, nobody else does that way.

const t = useTestApp({ BOOTSTRAP_SUPER_ADMIN_EMAILS: ' Clerk.A@dcf.example , clerk.b@dcf.example' });
beforeAll(async () => {
  await t.database.db.deleteFrom('userSystemRole').where('role', '=', 'superAdmin').execute();
});

const isSuper = async (persona: 'clerkA' | 'clerkB') =>
  (
    await t.database.db
      .selectFrom('userSystemRole')
      .select('role')
      .where('userId', '=', await t.userId(persona))
      .where('role', '=', 'superAdmin')
      .execute()
  ).length === 1;

describe('the first super administrator from the setting', () => {
  it('makes the first listed person to sign in a super administrator, and nobody after', async () => {
    const browser = t.anonymous();
    const done = await signInThroughProvider(browser, t.config.publicUrl, 'clerkA');
    expect(done.status).toBe(302);
    expect(await isSuper('clerkA')).toBe(true);
    expect((await browser.get('/v1/api/User/Current')).body).toMatchObject({ isSuperAdmin: true });

    await signInThroughProvider(t.anonymous(), t.config.publicUrl, 'clerkB');
    expect(await isSuper('clerkB')).toBe(false);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'userId'])
      .where('action', '=', 'user.bootstrapSuperAdministrator')
      .execute();
    expect(audit).toEqual([{ action: 'user.bootstrapSuperAdministrator', userId: await t.userId('clerkA') }]);
  });
});
