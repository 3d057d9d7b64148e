import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from '../../../../../../test/support/core-services.js';
import type { Principal } from '../../../../core/identity/authenticator.js';
import type { WorkloadStart } from '../../../../core/sandboxes/workload-environment.js';
import { ProjectSecretRecords } from '../secrets/secret-records.js';
import { ProjectSecrets } from '../secrets/project-secrets.js';
import type { SecretReference, SecretReferences } from '../secrets/secret-source.js';
import type { IntegrationRenderRequest, IntegrationRendering, RenderedIntegration } from '../../../../core/sandboxes/integration-rendering.js';
import { DATABASE_URL, WorkloadAssembler } from './workload-assembler.js';
import { userMayUseIntegrations } from '../../../../core/sandboxes/workload-rights.js';
import { newSecretBox } from '../../../../../../test/support/secret-box.js';

/** Integrations as the integrations feature will render them, given here as plain values. */
class FakeIntegrationRendering implements IntegrationRendering {
  readonly requests: IntegrationRenderRequest[] = [];
  constructor(public integrations: RenderedIntegration[]) {}
  async renderFor(request: IntegrationRenderRequest): Promise<RenderedIntegration[]> {
    this.requests.push(request);
    return request.use === 'all' ? this.integrations : this.integrations.filter((integration) => request.use.includes(integration.id));
  }
}

/** References read from a map, standing in for the integrations' reader of the hub's environment, files and Kubernetes Secrets. */
const fakeReferences = (known: Record<string, string>): SecretReferences => ({
  validate: () => null,
  reader: {
    available: ['stored', 'environment'],
    async read(source: SecretReference) {
      if (source.source !== 'environment') throw new Error(`the ${source.source} cannot be read here`);
      const value = known[source.variable];
      if (value === undefined) throw new Error(`the variable ${source.variable} is not set in the hub's environment`);
      return value;
    },
  },
});

const postgres = (id: string, prefix: string): RenderedIntegration => ({
  id,
  name: prefix.toLowerCase(),
  kind: 'postgres',
  env: { [`${prefix}_URL`]: `postgresql://u:p@db/${prefix}`, [`${prefix}_PASSWORD`]: 'p' },
  files: { [`${prefix}_ca.pem`]: Buffer.from('certificate') },
  fileEnv: { [`${prefix}_SSLROOTCERT`]: `${prefix}_ca.pem` },
  databaseUrl: `postgresql://u:p@db/${prefix}`,
});

describe('the workload environment: what a sandbox receives', () => {
  let w: CoreWorld;
  let people: Record<'manager' | 'editor' | 'viewer', Principal>;
  let pid: string;
  let nid: string;
  let secrets: ProjectSecrets;
  const environment: Record<string, string> = { HUB_TOKEN: 'from-the-hub-environment' };
  const rendering = new FakeIntegrationRendering([]);
  let assembler: WorkloadAssembler;
  const start = (overrides: Partial<WorkloadStart> & { userId: string }): WorkloadStart => ({ projectId: pid, notebookId: nid, mode: 'edit', ...overrides });

  beforeAll(async () => {
    w = await startCoreWorld({ SERVICE_STORAGE: 'memory' });
    people = await w.people('manager', 'editor', 'viewer');
    pid = await w.project(people.manager, 'Workloads', [
      [people.editor, 'editor'],
      [people.viewer, 'viewer'],
    ]);
    nid = (await w.services.useCases.notebooks.create(people.manager, { projectId: pid, notebook: { title: 'Reads secrets' } })).notebook.id;
    secrets = new ProjectSecrets({
      records: new ProjectSecretRecords(w.services.store, newSecretBox()),
      audit: w.services.audit,
      references: fakeReferences(environment),
    });
    await secrets.create(pid, { name: 'API_KEY', source: 'stored', value: 'stored-api-key' }, people.manager.user.id);
    await secrets.create(pid, { name: 'HUB_TOKEN', source: 'environment', variable: 'HUB_TOKEN' }, people.manager.user.id);
    const { users, projects, entitlementRules, notebooks } = w.services;
    assembler = new WorkloadAssembler({
      secrets,
      notebooks,
      mayUse: (userId, projectId) =>
        userMayUseIntegrations({ user: (id) => users.get(id), project: (id) => projects.get(id), entitlementRules }, userId, projectId),
      integrations: rendering,
    });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('gives an editor’s sandbox the project’s secrets as variables of their own names, and none to a viewer’s', async () => {
    const given = await assembler.environmentFor(start({ userId: people.editor.user.id }));
    expect(given?.secrets).toEqual({ env: { API_KEY: 'stored-api-key', HUB_TOKEN: 'from-the-hub-environment' }, files: {}, fileEnv: {} });
    expect(given?.received).toEqual({
      integrations: [],
      secrets: ['API_KEY', 'HUB_TOKEN'],
      unavailable: [],
      variables: ['API_KEY', 'HUB_TOKEN'],
      federation_token: false,
    });
    expect(await assembler.environmentFor(start({ userId: people.viewer.user.id, mode: 'run' }))).toBeNull();
    // The starter's own decision (a token scoped without integration.use) overrides the role.
    expect(await assembler.environmentFor(start({ userId: people.editor.user.id, mayUse: false }))).toBeNull();
  });

  it('gives an app only what the notebook says apps receive, whoever opens it', async () => {
    expect(await assembler.environmentFor(start({ userId: people.viewer.user.id, mode: 'app' }))).toBeNull();
    await w.services.useCases.notebooks.update(people.manager, { projectId: pid, notebookId: nid, patch: { integrations: { in_apps: true } } });
    const app = await assembler.environmentFor(start({ userId: people.viewer.user.id, mode: 'app', mayUse: false }));
    expect(app?.received.secrets).toEqual(['API_KEY', 'HUB_TOKEN']);
    await w.services.useCases.notebooks.update(people.manager, { projectId: pid, notebookId: nid, patch: { integrations: { in_apps: false } } });
  });

  it('gives nothing to a suspended user’s run', async () => {
    const suspended = await w.browser('suspended@example.com');
    await w.services.useCases.members.add(people.manager, { projectId: pid, userId: suspended.user.id, role: 'editor' });
    expect(await assembler.environmentFor(start({ userId: suspended.user.id, mode: 'run' }))).not.toBeNull();
    await w.services.users.setSuspended(suspended.user.id, true, 'test');
    expect(await assembler.environmentFor(start({ userId: suspended.user.id, mode: 'run' }))).toBeNull();
  });

  it('says which secrets could not be read, and gives the rest', async () => {
    delete environment.HUB_TOKEN;
    try {
      const given = await assembler.environmentFor(start({ userId: people.editor.user.id }));
      expect(given?.secrets.env).toEqual({ API_KEY: 'stored-api-key' });
      expect(given?.received.unavailable).toEqual([{ name: 'HUB_TOKEN', reason: "the variable HUB_TOKEN is not set in the hub's environment" }]);
    } finally {
      environment.HUB_TOKEN = 'from-the-hub-environment';
    }
  });

  it('renders the notebook’s integrations with their files, and DATABASE_URL only for a single database', async () => {
    rendering.integrations = [
      postgres('intg-0000000000000001', 'ANALYTICS_DB'),
      {
        id: 'intg-0000000000000002',
        name: 'api',
        kind: 'http_api',
        // A secret's name wins over an integration's variable; a variable the sandbox relies on is never set.
        env: { API_BASE_URL: 'https://api.example.com', API_KEY: 'from-the-integration', PATH: '/evil' },
        files: {},
      },
    ];
    const given = (await assembler.environmentFor(start({ userId: people.editor.user.id, sessionId: 'ses-0000000000000001' })))!;
    expect(given.secrets.env).toMatchObject({
      API_KEY: 'stored-api-key',
      ANALYTICS_DB_URL: 'postgresql://u:p@db/ANALYTICS_DB',
      API_BASE_URL: 'https://api.example.com',
      [DATABASE_URL]: 'postgresql://u:p@db/ANALYTICS_DB',
    });
    expect(given.secrets.env).not.toHaveProperty('PATH');
    expect(given.secrets.fileEnv).toEqual({ ANALYTICS_DB_SSLROOTCERT: 'ANALYTICS_DB_ca.pem' });
    expect(Object.keys(given.secrets.files)).toEqual(['ANALYTICS_DB_ca.pem']);
    expect(given.received.integrations).toEqual([
      {
        id: 'intg-0000000000000001',
        name: 'analytics_db',
        kind: 'postgres',
        variables: ['ANALYTICS_DB_URL', 'ANALYTICS_DB_PASSWORD', 'ANALYTICS_DB_SSLROOTCERT'],
        files: ['ANALYTICS_DB_ca.pem'],
      },
      { id: 'intg-0000000000000002', name: 'api', kind: 'http_api', variables: ['API_BASE_URL'], files: [] },
    ]);
    expect(given.received.variables).toContain('NOTEBOOK_HUB_SECRETS_DIR');
    expect(given.received.variables).toContain(DATABASE_URL);
    expect(rendering.requests.at(-1)).toMatchObject({
      projectId: pid,
      notebookId: nid,
      userId: people.editor.user.id,
      mode: 'edit',
      use: 'all',
      sessionId: 'ses-0000000000000001',
    });

    rendering.integrations.push(postgres('intg-0000000000000003', 'LEDGER_DB'));
    const two = (await assembler.environmentFor(start({ userId: people.editor.user.id })))!;
    expect(two.secrets.env).not.toHaveProperty(DATABASE_URL);

    // The notebook chooses which of them it uses.
    await w.services.useCases.notebooks.update(people.manager, {
      projectId: pid,
      notebookId: nid,
      patch: { integrations: { use: ['intg-0000000000000003'] } },
    });
    const chosen = (await assembler.environmentFor(start({ userId: people.editor.user.id })))!;
    expect(chosen.received.integrations.map((integration) => integration.id)).toEqual(['intg-0000000000000003']);
    expect(chosen.secrets.env[DATABASE_URL]).toBe('postgresql://u:p@db/LEDGER_DB');
  });

  it('keeps the notebook setting to managers, and refuses ids that are not integration ids', async () => {
    const patch = { integrations: { in_apps: true } };
    await expect(w.services.useCases.notebooks.update(people.editor, { projectId: pid, notebookId: nid, patch })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      w.services.useCases.notebooks.update(people.manager, { projectId: pid, notebookId: nid, patch: { integrations: { use: ['not-an-id'] } } }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const { notebook } = await w.services.useCases.notebooks.read(people.viewer, { projectId: pid, notebookId: nid });
    expect(notebook.integrations).toEqual({ use: ['intg-0000000000000003'], in_apps: false });
  });
});
