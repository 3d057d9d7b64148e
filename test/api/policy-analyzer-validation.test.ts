import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, authorizationCase, context, loginCase, projectWith, startAnalyzerHub, suite, type AnalyzerHub, type Json } from '../support/policy-suites.js';
import type { TestHub } from '../support/test-hub.js';

describe('policy analyzer suite validation (docs/authorization.md)', () => {
  let t: TestHub;
  let run: AnalyzerHub['run'];

  beforeAll(async () => {
    ({ t, run } = await startAnalyzerHub());
  });
  afterAll(() => t.close());

  const many = <T>(count: number, make: (n: number) => T): T[] => Array.from({ length: count }, (_, n) => make(n));
  const projectIds = (count: number) => many(count, (n) => `proj-${String(n).padStart(16, '0')}`);
  const labelled = (labels: Json) => authorizationCase('a', { resource: projectWith(null, { security_labels: labels }) });
  const refused: [string, Json, string][] = [
    ['26 cases', suite(many(26, (n) => authorizationCase(`c${n}`))), 'cases'],
    ['no cases', suite([]), 'cases'],
    ['schema_version 2', suite([authorizationCase('a')], { schema_version: 2 }), 'schema_version'],
    ['a 201-character suite name', suite([authorizationCase('a')], { name: 'n'.repeat(201) }), 'name'],
    ['an empty suite name', suite([authorizationCase('a')], { name: '' }), 'name'],
    ['a 201-character case name', suite([authorizationCase('a', {}, { name: 'n'.repeat(201) })]), 'cases.0.name'],
    ['a 129-character case id', suite([authorizationCase('i'.repeat(129))]), 'cases.0.id'],
    ['an empty case id', suite([authorizationCase('')]), 'cases.0.id'],
    ['a repeated case id', suite([authorizationCase('same'), authorizationCase('same')]), 'cases.1.id'],
    ['a case with no stage', suite([{ id: 'a', name: 'a' }]), 'cases.0'],
    ['a 2-character e-mail', suite([loginCase('a', { sub: 's', email: 'a@' }, { outcome: 'deny' })]), 'cases.0.login.identity.email'],
    [
      'a 321-character e-mail',
      suite([authorizationCase('a', { subject: { id: 'u', email: `${'e'.repeat(309)}@example.com`, entitlement_source: 'explicit' } })]),
      'cases.0.authorization.subject.email',
    ],
    [
      '101 grant projects',
      suite([authorizationCase('a', { subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: '*', projects: projectIds(101) } } })]),
      'cases.0.authorization.subject.grant.projects',
    ],
    [
      'a bad grant project id',
      suite([authorizationCase('a', { subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: '*', projects: ['proj-ABC'] } } })]),
      'cases.0.authorization.subject.grant.projects.0',
    ],
    [
      'a repeated grant project',
      suite([
        authorizationCase('a', {
          subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: '*', projects: projectIds(1).concat(projectIds(1)) } },
        }),
      ]),
      'cases.0.authorization.subject.grant.projects',
    ],
    [
      'an unknown grant action',
      suite([authorizationCase('a', { subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: ['project.fly'], projects: '*' } } })]),
      'cases.0.authorization.subject.grant.actions.0',
    ],
    [
      'a repeated grant action',
      suite([
        authorizationCase('a', {
          subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: ['project.read', 'project.read'], projects: '*' } },
        }),
      ]),
      'cases.0.authorization.subject.grant.actions',
    ],
    ['an unknown action', suite([authorizationCase('a', { action: 'project.fly' })]), 'cases.0.authorization.action'],
    [
      '501 members',
      suite([authorizationCase('a', { resource: projectWith(null, { members: many(501, (n) => ({ user_id: `usr-${n}`, role: 'viewer' })) }) })]),
      'cases.0.authorization.resource.project.members',
    ],
    [
      '65 compartments',
      suite([labelled({ classification: 'secret', compartments: many(65, (n) => `c${n}`) })]),
      'cases.0.authorization.resource.project.security_labels.compartments',
    ],
    [
      'a bad label',
      suite([labelled({ classification: 'top secret!', compartments: [] })]),
      'cases.0.authorization.resource.project.security_labels.classification',
    ],
    [
      'a bad compartment',
      suite([labelled({ classification: 'secret', compartments: ['-x'] })]),
      'cases.0.authorization.resource.project.security_labels.compartments.0',
    ],
    [
      'a context without expiresAt',
      suite([
        authorizationCase('a', {
          context: { mode: 'synthetic', value: { schemaVersion: 1, classification: 'secret', compartments: [], policyVersion: '1' } },
        }),
      ]),
      'cases.0.authorization.context',
    ],
    [
      'a context with a bad expiresAt',
      suite([authorizationCase('a', { context: context('secret', [], { expiresAt: 'tomorrow' }) })]),
      'cases.0.authorization.context',
    ],
    [
      'login entitlements without a login stage',
      suite([authorizationCase('a', { subject: { ...ALICE, entitlement_source: 'login' } })]),
      'cases.0.authorization.subject.entitlement_source',
    ],
    [
      'a stored project without its id',
      suite([authorizationCase('a', { resource: { source: 'stored', kind: 'project' } })]),
      'cases.0.authorization.resource.project_id',
    ],
    [
      'a stored session without its id',
      suite([authorizationCase('a', { action: 'session.attach', resource: { source: 'stored', kind: 'session', project_id: projectIds(1)[0] } })]),
      'cases.0.authorization.resource.session_id',
    ],
    [
      'a stored session without its project',
      suite([authorizationCase('a', { action: 'session.attach', resource: { source: 'stored', kind: 'session', session_id: 'ses-0000000000000001' } })]),
      'cases.0.authorization.resource.project_id',
    ],
    [
      'a stored session id that is not one',
      suite([
        authorizationCase('a', {
          action: 'session.attach',
          resource: { source: 'stored', kind: 'session', project_id: projectIds(1)[0], session_id: '../x' },
        }),
      ]),
      'cases.0.authorization.resource.session_id',
    ],
    [
      'a session id on a stored project',
      suite([authorizationCase('a', { resource: { source: 'stored', kind: 'project', project_id: projectIds(1)[0], session_id: 'ses-0000000000000001' } })]),
      'cases.0.authorization.resource.session_id',
    ],
    [
      'a notebook id on a stored session',
      suite([
        authorizationCase('a', {
          action: 'session.attach',
          resource: {
            source: 'stored',
            kind: 'session',
            project_id: projectIds(1)[0],
            session_id: 'ses-0000000000000001',
            notebook_id: 'nb-0000000000000001',
          },
        }),
      ]),
      'cases.0.authorization.resource.notebook_id',
    ],
    [
      'a stored notebook id that is not one',
      suite([authorizationCase('a', { resource: { source: 'stored', kind: 'project', project_id: projectIds(1)[0], notebook_id: 'notebook.py' } })]),
      'cases.0.authorization.resource.notebook_id',
    ],
    [
      'synthetic facts on a stored resource',
      suite([authorizationCase('a', { resource: { source: 'stored', kind: 'project', project_id: projectIds(1)[0], project: { owner: 'x' } } })]),
      'cases.0.authorization.resource.project',
    ],
    [
      'a denial category for an allowed expectation',
      suite([authorizationCase('a', { expected: { allowed: true, denial_category: 'role' } })]),
      'cases.0.authorization.expected.denial_category',
    ],
    ['an unknown field', suite([authorizationCase('a', { colour: 'red' })]), 'cases.0.authorization.colour'],
    [
      'a takeover that starts no session',
      suite([authorizationCase('a', { resource: projectWith('editor', {}, { takeover: true }) })]),
      'cases.0.authorization.resource.takeover',
    ],
    [
      'a notebook author on a stored resource',
      suite([
        authorizationCase('a', {
          action: 'session.start',
          resource: { source: 'stored', kind: 'session-start', project_id: projectIds(1)[0], notebook_author: 'usr-x' },
        }),
      ]),
      'cases.0.authorization.resource.notebook_author',
    ],
  ];
  it.each(refused)('refuses %s with 422 VALIDATION_ERROR', async (_label, body, field) => {
    const response = await run(body);
    expect(response.status, response.text).toBe(422);
    expect(response.json.error.code).toBe('VALIDATION_ERROR');
    expect(response.json.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('accepts the limits themselves: 25 cases, 100 grant projects, 500 members, 64 compartments', async () => {
    const limits = authorizationCase('limits', {
      subject: { ...ALICE, entitlement_source: 'explicit', grant: { actions: '*', projects: projectIds(100) } },
      resource: projectWith(null, {
        members: many(500, (n) => ({ user_id: `usr-${n}`, role: 'viewer' })),
        security_labels: { classification: 'secret', compartments: many(64, (n) => `c${n}`) },
      }),
      expected: { allowed: false },
    });
    const response = await run(suite([limits, ...many(24, (n) => authorizationCase(`c${n}`))], { name: 'n'.repeat(200) }));
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.summary).toEqual({ case_count: 25, passed: 25, failed: 0 });
  });
});
