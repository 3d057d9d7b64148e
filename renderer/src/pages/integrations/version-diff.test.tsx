import { describe, expect, it } from 'vitest';
import type { IntegrationVersion } from '../../api/integrations';
import { POSTGRES_KIND } from '../../test/integration-fixtures';
import { versionChanges } from './version-diff';

const V1: IntegrationVersion = {
  id: 'intv-1',
  integration_id: 'intg-0000000000000001',
  number: 1,
  kind: 'postgres',
  name: 'Warehouse',
  env_prefix: 'WAREHOUSE',
  description: '',
  config: { host: 'db.internal', port: 5432, database: 'analytics', user: 'reader', sslmode: 'prefer', password_set: true },
  secrets: { password: { source: 'stored' } },
  changed_secrets: ['password'],
  created_at: '2026-01-05T10:00:00.000Z',
  created_by: 'usr-1',
};

describe('what a version changed', () => {
  it('lists the non-secret fields that differ by their names, in the kind’s order', () => {
    const v2 = { ...V1, number: 2, name: 'Warehouse EU', config: { ...V1.config, port: 6543, host: 'db2.internal' }, changed_secrets: [] };
    expect(versionChanges(v2, V1, POSTGRES_KIND)).toEqual([
      { field: 'Name', before: 'Warehouse', after: 'Warehouse EU' },
      { field: 'Host', before: 'db.internal', after: 'db2.internal' },
      { field: 'Port', before: '5432', after: '6543' },
    ]);
  });

  it('says of a secret only that it was replaced, or where it now comes from', () => {
    const replaced = { ...V1, number: 2, changed_secrets: ['password'] };
    expect(versionChanges(replaced, V1, POSTGRES_KIND)).toEqual([{ field: 'Password', before: 'stored value', after: 'stored value (replaced)' }]);
    const referenced = { ...V1, number: 3, secrets: { password: { source: 'environment' as const, variable: 'TEAM_PW' } }, changed_secrets: ['password'] };
    expect(versionChanges(referenced, replaced, POSTGRES_KIND)).toEqual([{ field: 'Password', before: 'stored value', after: 'environment variable TEAM_PW' }]);
    const removed = { ...V1, number: 4, secrets: {}, config: { ...V1.config, password_set: false }, changed_secrets: ['password'] };
    expect(versionChanges(removed, referenced, POSTGRES_KIND)).toEqual([{ field: 'Password', before: 'environment variable TEAM_PW', after: null }]);
  });

  it('finds nothing in a save without changes', () => {
    expect(versionChanges({ ...V1, number: 2, changed_secrets: [] }, V1, POSTGRES_KIND)).toEqual([]);
  });
});
