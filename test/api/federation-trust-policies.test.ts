import { afterEach, describe, expect, it } from 'vitest';
import { awsTrustPolicy, seaweedfsIamConfiguration } from '../../service/src/features/federation/core/trust-policy.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

const ROLE = 'arn:aws:iam::123456789012:role/analytics';
/** Loops would make the first key behind the test's back; the examples need none. */
const QUIET = { SERVICE_RUN_MAINTENANCE: 'false' };

/**
 * The example trust policies a project's managers read (docs/federation.md, "Trust policies"):
 * the hub's own, filled in with its issuer and the project's saved target, for whoever may change
 * the project; and a clear refusal where there is nothing to fill in.
 */
describe('a project’s example trust policies', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const hub = async (env: Record<string, string> = {}): Promise<TestHub> => {
    const t = await startTestHub({ env: { ...QUIET, ...env } });
    cleanups.push(() => t.close());
    return t;
  };
  const projectWith = async (t: TestHub, token: string, federation: { enabled: boolean; target?: string } | null, base = '') => {
    const created = await t.call(`${base}/api/v1/projects`, { method: 'POST', token, body: { name: 'Federated', federation } });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const policiesOf = (t: TestHub, projectId: string, token: string, base = '') =>
    t.call(`${base}/api/v1/projects/${projectId}/federation/trust-policies`, { token });

  it('answers the issuer, the saved target and the examples the hub builds for the project', async () => {
    // Behind a proxy, under a base path: the issuer is the public URL's, as in every token.
    const base = '/notebooks';
    const t = await hub({ SERVICE_PUBLIC_URL: `https://hub.example.com${base}` });
    const owner = await t.tokenFor('owner@example.com');
    // Not enabled yet: managers set the consumer up before the project's workloads ask for tokens.
    const projectId = await projectWith(t, owner, { enabled: false, target: ROLE }, base);

    const answer = await policiesOf(t, projectId, owner, base);
    expect(answer.status, answer.text).toBe(200);
    const issuer = (await t.call('/notebooks/federation/.well-known/openid-configuration')).json.issuer;
    expect(issuer).toBe('https://hub.example.com/notebooks/federation');
    const example = { issuer, audience: ROLE, project_id: projectId };
    expect(answer.json.data).toEqual({
      issuer,
      audience: ROLE,
      subject_pattern: `project:${projectId}:*`,
      examples: [
        { provider: 'aws', name: 'AWS IAM trust policy', policy: awsTrustPolicy(example) },
        { provider: 'seaweedfs', name: 'SeaweedFS IAM configuration', policy: seaweedfsIamConfiguration(example) },
      ],
    });
    // What a consumer conditions on, as it reads the policy.
    expect(answer.json.data.examples[0].policy.Statement[0].Condition).toEqual({
      StringEquals: { 'hub.example.com/notebooks/federation:aud': ROLE },
      StringLike: { 'hub.example.com/notebooks/federation:sub': `project:${projectId}:*` },
    });

    // A changed target changes the examples at once.
    const patched = await t.call(`${base}/api/v1/projects/${projectId}`, {
      method: 'PATCH',
      token: owner,
      body: { federation: { enabled: true, target: 'sts.amazonaws.com' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await policiesOf(t, projectId, owner, base)).json.data).toMatchObject({ audience: 'sts.amazonaws.com', issuer });
  });

  it('is for managers: an editor or viewer is refused, an outsider does not learn the project exists', async () => {
    const t = await hub();
    const owner = await t.tokenFor('owner@example.com');
    const projectId = await projectWith(t, owner, { enabled: true, target: 'notebook-hub:analytics' });
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      const added = await t.call(`/api/v1/projects/${projectId}/members`, { method: 'POST', token: owner, body: { email: `${role}@example.com`, role } });
      expect(added.status, added.text).toBe(201);
    }
    const manager = await policiesOf(t, projectId, await t.tokenFor('manager@example.com'));
    expect(manager.status, manager.text).toBe(200);
    expect(manager.json.data.issuer).toBe(`${t.url}/federation`);
    for (const role of ['editor', 'viewer']) {
      const refused = await policiesOf(t, projectId, await t.tokenFor(`${role}@example.com`));
      expect(refused.status, `${role}: ${refused.text}`).toBe(403);
      expect(refused.json.error.code).toBe('FORBIDDEN');
    }
    const outsider = await policiesOf(t, projectId, await t.tokenFor('outsider@example.com'));
    expect(outsider.status).toBe(404);
    expect(outsider.json.error.code).toBe('NOT_FOUND');
  });

  it('says why there is nothing to show: no target saved, or no workload identity on this hub', async () => {
    const t = await hub();
    const owner = await t.tokenFor('owner@example.com');
    for (const federation of [null, { enabled: false }]) {
      const refused = await policiesOf(t, await projectWith(t, owner, federation), owner);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('no federation target') });
    }

    const off = await hub({ SERVICE_FEDERATION: 'off' });
    const offOwner = await off.tokenFor('owner@example.com');
    const refused = await policiesOf(off, await projectWith(off, offOwner, { enabled: false, target: ROLE }), offOwner);
    expect(refused.status, refused.text).toBe(404);
    expect(refused.json.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('SERVICE_FEDERATION=off') });
  });
});
