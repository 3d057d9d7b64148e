import { describe, expect, it } from 'vitest';
import { decide, effectiveRole, startsPrivateSandbox, type PolicyResource, type PolicySubject, type ProjectFacts } from './engine.js';
import { notebookFacts, sessionFacts } from './stored-facts.js';

const subject = (overrides: Partial<PolicySubject> = {}): PolicySubject => ({
  id: 'usr-a',
  email: 'a@example.com',
  entitlements: [],
  groups: [],
  suspended: false,
  grant: null,
  ...overrides,
});
const project = (overrides: Partial<ProjectFacts> = {}): ProjectFacts => ({
  id: 'proj-0000000000000001',
  owner: 'usr-owner',
  status: 'active',
  members: [],
  group_members: [],
  default_role: null,
  security_labels: null,
  ...overrides,
});
const environment = { labels: { classificationOrder: ['public', 'secret'], policyVersion: '1' }, now: new Date('2026-06-01T00:00:00Z') };

describe('policy engine', () => {
  it('matches a member by user id only, and an invitation by e-mail', () => {
    const byId = project({ members: [{ user_id: 'usr-b', email: 'a@example.com', role: 'editor' }] });
    expect(effectiveRole(subject(), byId)).toBeNull();
    expect(effectiveRole(subject({ id: 'usr-b', email: 'other@example.com' }), byId)).toBe('editor');
    const invitation = project({ members: [{ email: 'A@Example.com', role: 'viewer' }] });
    expect(effectiveRole(subject(), invitation)).toBe('viewer');
  });

  it('takes the highest of owner, member, group and default roles', () => {
    const facts = project({ members: [{ user_id: 'usr-a', role: 'viewer' }], group_members: [{ group: 'ops', role: 'manager' }], default_role: 'editor' });
    expect(effectiveRole(subject(), facts)).toBe('editor');
    expect(effectiveRole(subject({ groups: ['ops'] }), facts)).toBe('manager');
    expect(effectiveRole(subject({ id: 'usr-owner' }), facts)).toBe('admin');
    expect(effectiveRole(subject({ id: 'usr-x', entitlements: ['default-role:viewer'] }), project())).toBe('viewer');
    expect(effectiveRole(subject({ id: 'usr-x', entitlements: ['default-role:viewer'] }), project({ default_role: 'editor' }))).toBe('editor');
  });

  it('presents each denial category as the table says', () => {
    const member = project({ members: [{ user_id: 'usr-a', role: 'viewer' }] });
    const verdict = (action: Parameters<typeof decide>[1], facts: ProjectFacts | null, who = subject(), context: Parameters<typeof decide>[3] = null) =>
      decide(who, action, { kind: 'project', project: facts }, context, environment);
    expect(verdict('project.read', null)).toMatchObject({ allowed: false, category: 'visibility', presentation: 'not-found' });
    expect(verdict('project.read', project({ ...member, status: 'deleted' }))).toMatchObject({ category: 'lifecycle', presentation: 'not-found' });
    expect(verdict('project.update', member)).toMatchObject({ category: 'role', presentation: 'forbidden', role: 'viewer' });
    expect(verdict('project.read', member, subject({ suspended: true }))).toMatchObject({ category: 'standing', presentation: 'forbidden' });
    expect(verdict('project.read', member, subject({ grant: { actions: ['notebook.write'], projects: '*' } }))).toMatchObject({
      category: 'credential-action',
      presentation: 'forbidden',
    });
    expect(verdict('project.read', member, subject({ grant: { actions: '*', projects: ['proj-0000000000000009'] } }))).toMatchObject({
      category: 'credential-resource',
      presentation: 'not-found',
    });
    const labelled = { ...member, security_labels: { classification: 'secret', compartments: ['ops'] } };
    expect(verdict('project.read', labelled)).toMatchObject({ category: 'constraint', constraint_reason: 'missing-context', presentation: 'not-found' });
    const cleared = { schemaVersion: 1 as const, classification: 'secret', compartments: ['ops'], policyVersion: '1', expiresAt: '2027-01-01T00:00:00Z' };
    expect(verdict('project.read', labelled, subject(), cleared)).toMatchObject({ allowed: true, role: 'viewer' });
    expect(verdict('project.read', labelled, subject(), { ...cleared, expiresAt: '2026-01-01T00:00:00Z' })).toMatchObject({ constraint_reason: 'constraint' });
    expect(verdict('project.read', labelled, subject(), { ...cleared, compartments: [] })).toMatchObject({ constraint_reason: 'constraint' });
  });

  it('hides a missing notebook or session, but only once the project itself is visible', () => {
    const member = project({ members: [{ user_id: 'usr-a', role: 'viewer' }] });
    const missingNotebook = { kind: 'project' as const, project: member, ...notebookFacts(null) };
    const write = decide(subject(), 'notebook.write', missingNotebook, null, environment);
    // Not the role denial (forbidden) a viewer gets for an existing notebook: the notebook is not there.
    expect(write).toMatchObject({ allowed: false, category: 'visibility', presentation: 'not-found', role: 'viewer' });
    expect(write.trace).toContainEqual({ stage: 'lifecycle', status: 'failed', code: 'lifecycle.notebook_missing' });
    const outsider = decide(subject({ id: 'usr-x', email: 'x@example.com' }), 'project.read', missingNotebook, null, environment);
    expect(outsider.trace).toContainEqual(expect.objectContaining({ status: 'failed', code: 'role.none' }));
    const narrowed = decide(subject({ grant: { actions: ['project.read'], projects: '*' } }), 'notebook.write', missingNotebook, null, environment);
    expect(narrowed).toMatchObject({ category: 'credential-action', presentation: 'forbidden' });

    const stop = decide(subject(), 'session.stop', { kind: 'session', project: member, ...sessionFacts(null, null) }, null, environment);
    expect(stop).toMatchObject({ category: 'visibility', presentation: 'not-found' });
    expect(stop.trace).toContainEqual({ stage: 'lifecycle', status: 'failed', code: 'lifecycle.session_missing' });
    const orphan = sessionFacts({ notebook_id: 'nb-gone', user_id: 'usr-b', mode: 'app', ephemeral: false, editor_sandbox_sharing: 'exclusive' }, null);
    expect(decide(subject(), 'session.attach', { kind: 'session', project: member, ...orphan }, null, environment)).toMatchObject({
      allowed: true,
      role: 'viewer',
    });
  });

  describe('starting a session', () => {
    const team = project({
      members: [
        { user_id: 'usr-viewer', role: 'viewer' },
        { user_id: 'usr-editor', role: 'editor' },
        { user_id: 'usr-author', role: 'editor' },
        { user_id: 'usr-manager', role: 'manager' },
      ],
    });
    const start = (who: string, facts: Omit<PolicyResource, 'kind' | 'project'>) =>
      decide(subject({ id: who, email: `${who}@example.com` }), 'session.start', { kind: 'session-start', project: team, ...facts }, null, environment);

    it('gives viewers no session where the deployment shows them only snapshots', () => {
      const refused = start('usr-viewer', { mode: 'app', viewer_mode: 'static' });
      expect(refused).toMatchObject({ allowed: false, category: 'session', presentation: 'forbidden', role: 'viewer' });
      expect(refused.message).toBe('viewers see notebooks as HTML snapshots in this deployment; sessions are for editors');
      expect(refused.trace).toContainEqual({ stage: 'session', status: 'failed', code: 'session.viewers_static' });
      expect(start('usr-editor', { mode: 'edit', viewer_mode: 'static' })).toMatchObject({ allowed: true, role: 'editor' });
      expect(start('usr-viewer', { mode: 'app', viewer_mode: 'applications' })).toMatchObject({ allowed: true });
      expect(start('usr-viewer', { mode: 'app', viewer_mode: 'ephemeral-sandbox' })).toMatchObject({ allowed: true });
      // The role comes first: a viewer starting an edit session is refused for the role, whatever the mode.
      expect(start('usr-viewer', { mode: 'edit', viewer_mode: 'static' })).toMatchObject({ category: 'role' });
    });

    it('lets only a manager or the notebook author take an edit session over', () => {
      const takeover = { mode: 'edit' as const, viewer_mode: 'applications' as const, takeover: true, notebook_author: 'usr-author' };
      const refused = start('usr-editor', takeover);
      expect(refused).toMatchObject({ allowed: false, category: 'session', presentation: 'forbidden', role: 'editor' });
      expect(refused.message).toBe("only a manager or the notebook's author may take an edit session over");
      expect(refused.trace).toContainEqual({ stage: 'session', status: 'failed', code: 'session.takeover_not_permitted' });
      expect(start('usr-author', takeover)).toMatchObject({ allowed: true });
      expect(start('usr-manager', takeover)).toMatchObject({ allowed: true, role: 'manager' });
      expect(start('usr-owner', { ...takeover, notebook_author: null })).toMatchObject({ allowed: true, role: 'admin' });
      expect(start('usr-editor', { ...takeover, takeover: false })).toMatchObject({ allowed: true });
      expect(start('usr-editor', takeover).trace).not.toContainEqual(expect.objectContaining({ code: 'session.start_permitted' }));
      expect(start('usr-author', takeover).trace).toContainEqual({ stage: 'session', status: 'passed', code: 'session.start_permitted' });
    });

    it('gives a viewer a sandbox of their own only where the deployment says so', () => {
      expect(startsPrivateSandbox('viewer', 'ephemeral-sandbox')).toBe(true);
      expect(startsPrivateSandbox('viewer', 'applications')).toBe(false);
      expect(startsPrivateSandbox('editor', 'ephemeral-sandbox')).toBe(false);
    });
  });
});
