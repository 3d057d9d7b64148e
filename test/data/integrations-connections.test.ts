import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWithRoles, type ProjectWithRoles } from '../support/alert-fixtures.js';
import { recordingCalls } from '../support/integration-fixtures.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';
import { prerequisite } from '../setup/prerequisites.js';

const postgres = prerequisite('postgres');
const mariadb = prerequisite('mariadb');
const seaweedfs = prerequisite('seaweedfs');

const WRONG = 'wrong-password-4e7b1d9c2a';

/**
 * "Test connection" of database and storage integrations against the real servers of this tier
 * (docs/testing-data-servers.md): PostgreSQL with `pg`, MariaDB with `mysql2`, SeaweedFS's S3
 * gateway with the AWS SDK, each reached on 127.0.0.1 only because SERVICE_OUTBOUND_ALLOWED_NETWORKS
 * opens it. A failure says what to fix and never repeats a password.
 */
describe('test connection against real data servers', () => {
  let t: TestHub;
  let closed: TestHub;
  let p: ProjectWithRoles;
  const { seen, call } = recordingCalls(() => t);
  const secrets = [WRONG, postgres?.password, mariadb?.password, seaweedfs?.secretAccessKey].filter((value): value is string => typeof value === 'string');

  beforeAll(async () => {
    t = await startTestHub({ captureLogs: true, env: { SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1', SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true' } });
    closed = await startTestHub({ env: { SERVICE_INTEGRATIONS_ALLOW_HTTP: 'true' } });
    p = await projectWithRoles(t, 'data');
  });
  afterAll(async () => {
    await t?.close();
    await closed?.close();
  });

  let counter = 0;
  /** Creates the integration as the project's manager and tests it. */
  const tried = async (body: Record<string, unknown>) => {
    const created = await call(`/api/v1/projects/${p.id}/integrations`, {
      method: 'POST',
      token: p.tokens.manager,
      body: { ...body, name: `${String(body.kind)} ${++counter}` },
    });
    expect(created.status, created.text).toBe(201);
    const answer = await call(`/api/v1/projects/${p.id}/integrations/${created.json.data.id}/test`, { method: 'POST', token: p.tokens.manager });
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data as { ok: boolean; message: string; duration_ms: number };
  };
  const stored = (value: string) => ({ source: 'stored', value });

  describe.skipIf(postgres === null)('PostgreSQL', () => {
    const database = (config: Record<string, unknown>, password: string) => ({
      kind: 'postgres',
      config: { host: postgres!.host, port: postgres!.port, database: postgres!.database, user: postgres!.user, sslmode: 'disable', ...config },
      secrets: { password: stored(password) },
    });

    it('signs in with the password, with TLS off or preferred (the test server offers none)', async () => {
      expect(await tried(database({}, postgres!.password))).toMatchObject({
        ok: true,
        message: expect.stringMatching(new RegExp(`^signed in to PostgreSQL \\d+.* as ${postgres!.user}, database ${postgres!.database}$`)),
      });
      expect(await tried(database({ sslmode: 'prefer' }, postgres!.password))).toMatchObject({ ok: true });
      expect(await tried(database({ sslmode: 'require' }, postgres!.password))).toMatchObject({
        ok: false,
        message: expect.stringContaining('does not offer TLS'),
      });
    });

    it('says the password or the database is wrong, without the password', async () => {
      expect(await tried(database({}, WRONG))).toEqual(
        expect.objectContaining({ ok: false, message: `the server refused the user name or password (user ${postgres!.user})` }),
      );
      expect(await tried(database({ database: 'absent_db' }, postgres!.password))).toMatchObject({
        ok: false,
        message: 'the database absent_db does not exist on the server',
      });
      expect(await tried(database({ port: 1 }, postgres!.password))).toMatchObject({ ok: false, message: expect.stringContaining('could not be reached') });
    });
  });

  describe.skipIf(mariadb === null)('MariaDB', () => {
    const database = (config: Record<string, unknown>, password: string) => ({
      kind: 'mysql',
      config: { host: mariadb!.host, port: mariadb!.port, database: mariadb!.database, user: mariadb!.user, sslmode: 'disable', ...config },
      secrets: { password: stored(password) },
    });

    it('signs in with the password', async () => {
      expect(await tried(database({}, mariadb!.password))).toMatchObject({ ok: true, message: expect.stringMatching(/^signed in to MariaDB /) });
      expect(await tried(database({ sslmode: 'prefer' }, mariadb!.password))).toMatchObject({ ok: true });
    });

    it('says the password or the database is wrong, without the password', async () => {
      expect(await tried(database({}, WRONG))).toMatchObject({ ok: false, message: `the server refused the user name or password (user ${mariadb!.user})` });
      const other = await tried(database({ database: 'absent_db' }, mariadb!.password));
      // MariaDB answers a database the user has no right to as access denied, whether or not it exists.
      expect(other.ok).toBe(false);
      expect(other.message).toMatch(/absent_db/);
    });
  });

  describe.skipIf(seaweedfs === null)('S3 on SeaweedFS', () => {
    const bucket = (config: Record<string, unknown>, keys: { id: string; secret: string }) => ({
      kind: 's3',
      config: { endpoint_url: seaweedfs!.endpoint, bucket: seaweedfs!.bucket, path_style: true, ...config },
      secrets: { access_key_id: stored(keys.id), secret_access_key: stored(keys.secret) },
    });
    const admin = () => ({ id: seaweedfs!.accessKeyId, secret: seaweedfs!.secretAccessKey });

    it('lists the bucket with the access key', async () => {
      expect(await tried(bucket({}, admin()))).toMatchObject({
        ok: true,
        message: expect.stringMatching(new RegExp(`^listed the bucket ${seaweedfs!.bucket}`)),
      });
    });

    it('says which part is wrong: the secret, the key or the bucket', async () => {
      expect(await tried(bucket({}, { ...admin(), secret: WRONG }))).toMatchObject({
        ok: false,
        message: 'the secret access key does not match the access key ID',
      });
      expect(await tried(bucket({}, { id: 'AKIAUNKNOWNKEY000000', secret: WRONG }))).toMatchObject({
        ok: false,
        message: 'the storage does not know the access key ID',
      });
      expect(await tried(bucket({ bucket: 'absent-bucket' }, admin()))).toMatchObject({ ok: false, message: 'the bucket absent-bucket does not exist' });
    });
  });

  it.skipIf(postgres === null)('refuses a server on an address the deployment did not open, before connecting', async () => {
    const owner = await projectWithRoles(closed, 'closed-data');
    const created = await closed.call(`/api/v1/projects/${owner.id}/integrations`, {
      method: 'POST',
      token: owner.tokens.owner,
      body: {
        kind: 'postgres',
        name: 'Loopback DB',
        config: { host: postgres!.host, port: postgres!.port, database: postgres!.database, user: postgres!.user },
        secrets: { password: stored(postgres!.password) },
      },
    });
    const answer = await closed.call(`/api/v1/projects/${owner.id}/integrations/${created.json.data.id}/test`, { method: 'POST', token: owner.tokens.owner });
    expect(answer.json.data).toMatchObject({ ok: false, message: expect.stringContaining(`the host ${postgres!.host} is not one the hub may reach`) });
  });

  it('never repeats a password in an answer or a log line', () => {
    const logs = t.logs.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of secrets) {
      expect(seen.join('\n')).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
