import type { PolicySuite } from '../../../api/admin-types';
import type { Me } from '../../../api/types';

/** A starting point to edit: two synthetic cases about the signed-in admin, one allowed and one denied. */
export function exampleSuite(me: Pick<Me, 'id' | 'email'>): PolicySuite {
  const subject = { id: me.id, email: me.email, entitlement_source: 'explicit' as const };
  return {
    schema_version: 1,
    name: 'Project access',
    cases: [
      {
        id: 'owner-reads-project',
        name: 'An owner can read their project',
        authorization: {
          subject,
          action: 'project.read',
          resource: { source: 'synthetic', kind: 'project', project: { owner: me.id } },
          context: { mode: 'synthetic', value: null },
          expected: { allowed: true },
        },
      },
      {
        id: 'stranger-updates-project',
        name: 'Someone outside a project cannot update it',
        authorization: {
          subject,
          action: 'project.update',
          resource: { source: 'synthetic', kind: 'project', project: { owner: 'usr-0000000000000000' } },
          context: { mode: 'synthetic', value: null },
          expected: { allowed: false },
        },
      },
    ],
  };
}
