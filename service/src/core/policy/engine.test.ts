import { describe, expect, it } from 'vitest';
import { decide, effectiveRole, type PolicySubject, type ProjectFacts } from './engine.js';
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
});
