import { describe, expect, it } from 'vitest';
import { whatAppsReceive } from './what-apps-receive';

describe('what an app receives, in words', () => {
  it('says nothing is given to apps unless the notebook chose it', () => {
    expect(whatAppsReceive(false, { secrets: ['API_KEY'], integrations: [{ name: 'Warehouse', env_prefix: 'WAREHOUSE' }] })).toMatch(
      /^Apps receive no secrets/,
    );
  });

  it('names the secrets and integrations everyone who opens the app runs it with', () => {
    expect(whatAppsReceive(true, { secrets: ['API_KEY', 'TOKEN'], integrations: [{ name: 'Warehouse', env_prefix: 'WAREHOUSE' }] })).toBe(
      'Everyone who opens this notebook as an app, viewers included, runs it with the secrets API_KEY and TOKEN and the integration Warehouse (WAREHOUSE_*): code in the notebook can read and show them.',
    );
  });

  it('counts what it does not name', () => {
    const secrets = ['A', 'B', 'C', 'D', 'E', 'F'];
    expect(whatAppsReceive(true, { secrets, integrations: [] })).toContain('the secrets A, B, C, D and 2 more');
  });
});
