import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { AuditLog } from '../../../core/audit/audit-log.js';
import type { HubError } from '../../../core/errors.js';
import { newSecretBox } from '../../../../../test/support/secret-box.js';
import { IntegrationRecords } from './integration-records.js';
import { IntegrationService } from './integration-service.js';
import type { SecretSourceReader } from './secret-sources.js';

const NO_REFERENCES: SecretSourceReader = { available: ['stored'], read: () => Promise.reject(new Error('no references here')) };
const scope = { kind: 'project', projectId: 'proj-0000000000000001' } as const;
const api = (name: string) => ({
  kind: 'http_api',
  name,
  config: { base_url: 'https://api.example.com' },
  secrets: { token: { source: 'stored' as const, value: 'token' } },
});

function service() {
  const store = new MemoryObjectStore();
  const box = newSecretBox();
  const integrations = new IntegrationService({
    records: new IntegrationRecords(store, box),
    box,
    reader: NO_REFERENCES,
    audit: new AuditLog(store),
    options: { maxPerScope: 3 },
  });
  return { store, integrations };
}

const codeOf = (outcome: PromiseSettledResult<unknown>) => (outcome.status === 'rejected' ? (outcome.reason as HubError).code : 'ok');
const recordKeys = async (store: MemoryObjectStore) =>
  (await store.list('integrations/')).items.map((item) => item.key).filter((key) => !key.endsWith('/index'));

describe('integrations under concurrent writes', () => {
  it('lets one of several creates with one name through, and the others leave nothing behind', async () => {
    const { store, integrations } = service();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => integrations.create(scope, api('Same'), 'usr-1')));
    expect(outcomes.map(codeOf).sort()).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT', 'CONFLICT', 'ok']);
    // One record and its one version.
    expect(await recordKeys(store)).toHaveLength(2);
    expect((await integrations.list(scope, { cursor: null, limit: 10 })).items.map((record) => record.name)).toEqual(['Same']);
  });

  it('holds the capacity of a scope exactly', async () => {
    const { integrations } = service();
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, (_, n) => integrations.create(scope, api(`api ${n}`), 'usr-1')));
    expect(outcomes.map(codeOf).filter((code) => code === 'ok')).toHaveLength(3);
    expect(outcomes.map(codeOf).filter((code) => code === 'RESOURCE_EXHAUSTED')).toHaveLength(3);
  });

  it('lets one of two writes made from the same read through: the other fails and writes no version', async () => {
    const { integrations } = service();
    const { record, etag } = await integrations.create(scope, api('Raced'), 'usr-1');
    const replace = (description: string) =>
      integrations.replace(scope, record.id, etag, { name: 'Raced', description, config: { base_url: 'https://api.example.com' } }, 'usr-2');
    const outcomes = await Promise.allSettled([replace('one'), replace('two')]);
    expect(outcomes.map(codeOf).sort()).toEqual(['PRECONDITION_FAILED', 'ok']);
    const versions = await integrations.versions(scope, record.id, { cursor: null, limit: 10 });
    expect(versions.items.map((version) => version.number)).toEqual([2, 1]);
    const winner = outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<{ record: { description: string } }>;
    expect((await integrations.get(scope, record.id)).record.description).toBe(winner.value.record.description);
  });
});

describe('an index entry left by a delete cut short', () => {
  it('holds no name: a new integration may take it', async () => {
    const { store, integrations } = service();
    const { record } = await integrations.create(scope, api('Dangling'), 'usr-1');
    // The record went, its index entry did not (a crash between the two writes).
    await store.delete(`integrations/${scope.projectId}/${record.id}`);
    expect((await integrations.list(scope, { cursor: null, limit: 10 })).items).toEqual([]);
    const again = await integrations.create(scope, api('Dangling'), 'usr-1');
    expect((await integrations.list(scope, { cursor: null, limit: 10 })).items.map((item) => item.id)).toEqual([again.record.id]);
  });
});
