import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from '../../../../test/support/core-services.js';
import { AuditQueries } from '../audit/audit-queries.js';
import type { Principal } from '../identity/authenticator.js';

describe('user use cases, without HTTP', () => {
  let w: CoreWorld;
  let admin: Principal, someone: Principal;

  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_SUPER_ADMINS: 'root@example.com' });
    admin = await w.browser('root@example.com');
    someone = await w.browser('someone@example.com');
  });
  afterAll(async () => w?.close());

  it('suspends for super admins only, writes the audit entry, and refuses suspending yourself with CONFLICT', async () => {
    const { users } = w.services.useCases;
    await expect(users.setSuspended(someone, { userId: admin.user.id, suspended: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(users.setSuspended(admin, { userId: admin.user.id, suspended: true })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'you cannot suspend yourself',
    });
    // Lifting a suspension that is not there is no conflict, for yourself too.
    expect(await users.setSuspended(admin, { userId: admin.user.id, suspended: false })).toMatchObject({ superAdmin: true });
    const suspended = await users.setSuspended(admin, { userId: someone.user.id, suspended: true });
    expect(suspended).toMatchObject({ user: { id: someone.user.id, suspended_at: expect.any(String) }, superAdmin: false });
    await expect(users.setSuspended(admin, { userId: 'usr-0000000000000000', suspended: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const page = await new AuditQueries(w.services.store).deploymentPage({ limit: 50, event: 'user.suspend' });
    expect(page.items).toContainEqual(expect.objectContaining({ actor: admin.user.id, metadata: { user_id: someone.user.id } }));
    await users.setSuspended(admin, { userId: someone.user.id, suspended: false });
  });

  it('lists users for super admins, and resolves or searches them for everyone', async () => {
    const { users } = w.services.useCases;
    await expect(users.list(someone, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await users.list(admin, {})).items.map(({ user }) => user.email).sort()).toEqual(['root@example.com', 'someone@example.com']);
    expect(await users.resolve(someone, { email: 'root@example.com' })).toMatchObject({ id: admin.user.id });
    await expect(users.resolve(someone, {})).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(users.resolve(someone, { id: 'usr-0000000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await users.search(someone, { query: 'some' })).map((user) => user.id)).toEqual([someone.user.id]);
    expect(await users.superAdminEmails(admin)).toEqual(['root@example.com']);
  });
});
