import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  // Behind a proxy, under a base path: the issuer is the public URL's, as in every token.
  const BASE = '/notebooks';
  let t: TestHub;
  let owner: string;
  beforeAll(async () => {
    t = await startTestHub({ env: { ...QUIET, SERVICE_PUBLIC_URL: `https://hub.example.com${BASE}` } });
    owner = await t.tokenFor('owner@example.com');
  });
  afterAll(() => t?.close());

  const projectWith = async (hub: TestHub, token: string, federation: { enabled: boolean; target?: string } | null, base = BASE) => {
    const created = await hub.call(`${base}/api/v1/projects`, { method: 'POST', token, body: { name: 'Federated', federation } });
    expect(created.status, created.text).toBe(201);
    return created.json.data.id as string;
  };
  const policiesOf = (hub: TestHub, projectId: string, token: string, base = BASE) =>
    hub.call(`${base}/api/v1/projects/${projectId}/federation/trust-policies`, { token });

  it('answers the issuer, the saved target and the examples the hub builds for the project', async () => {
    // Not enabled yet: managers set the consumer up before the project's workloads ask for tokens.
    const projectId = await projectWith(t, owner, { enabled: false, target: ROLE });

    const answer = await policiesOf(t, projectId, owner);
    expect(answer.status, answer.text).toBe(200);
    const issuer = (await t.call(`${BASE}/federation/.well-known/openid-configuration`)).json.issuer;
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
    const patched = await t.call(`${BASE}/api/v1/projects/${projectId}`, {
      method: 'PATCH',
      token: owner,
      body: { federation: { enabled: true, target: 'sts.amazonaws.com' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await policiesOf(t, projectId, owner)).json.data).toMatchObject({ audience: 'sts.amazonaws.com', issuer });
  });

  it('is for managers: an editor or viewer is refused, an outsider does not learn the project exists', async () => {
    const projectId = await projectWith(t, owner, { enabled: true, target: 'notebook-hub:analytics' });
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      const added = await t.call(`${BASE}/api/v1/projects/${projectId}/members`, {
        method: 'POST',
        token: owner,
        body: { email: `${role}@example.com`, role },
      });
      expect(added.status, added.text).toBe(201);
    }
    const manager = await policiesOf(t, projectId, await t.tokenFor('manager@example.com'));
    expect(manager.status, manager.text).toBe(200);
    expect(manager.json.data).toMatchObject({ issuer: 'https://hub.example.com/notebooks/federation', audience: 'notebook-hub:analytics' });
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
    for (const federation of [null, { enabled: false }]) {
      const refused = await policiesOf(t, await projectWith(t, owner, federation), owner);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('no federation target') });
    }

    const off = await startTestHub({ env: { ...QUIET, SERVICE_FEDERATION: 'off' } });
    try {
      const offOwner = await off.tokenFor('owner@example.com');
      const refused = await policiesOf(off, await projectWith(off, offOwner, { enabled: false, target: ROLE }, ''), offOwner, '');
      expect(refused.status, refused.text).toBe(404);
      expect(refused.json.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('SERVICE_FEDERATION=off') });
    } finally {
      await off.close();
    }
  });
});
