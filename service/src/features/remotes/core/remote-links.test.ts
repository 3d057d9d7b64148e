import { describe, expect, it } from 'vitest';
import { MemoryObjectStore } from '../../../adapters/store/memory-store.js';
import { HubError } from '../../../core/errors.js';
import { layout } from '../../../core/storage-layout.js';
import type { RemoteLink } from './remote-link.js';
import { RemoteLinks } from './remote-links.js';

const link = (projectId: string): RemoteLink => ({
  schema_version: 1,
  project_id: projectId,
  remote: 'team',
  hub_id: 'hub-0000000000000001',
  remote_project_id: 'proj-team',
  remote_project_name: 'Forecasts',
  readme: null,
  integrations: [],
  notebooks: [],
  remote_only: [],
  fetched_at: '2026-03-02T09:00:00.000Z',
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
});

/** A real in-memory store that counts the writes of one key. */
function countingStore(key: string) {
  const store = new MemoryObjectStore();
  const writes = { count: 0 };
  const put = store.put.bind(store);
  store.put = (written, body, options) => {
    if (written === key) writes.count++;
    return put(written, body, options);
  };
  return { store, writes };
}

describe('remote links', () => {
  it('stores changes that arrive while the link is written together, each applied in order, and refuses a failing one alone', async () => {
    const { store, writes } = countingStore(layout.remoteLink('proj-1'));
    const links = new RemoteLinks(store);
    await links.create(link('proj-1'));
    writes.count = 0;
    const rename = (name: string) => (current: RemoteLink) => ({ ...current, remote_project_name: `${current.remote_project_name} ${name}` });
    const failing = () => {
      throw new HubError('CONFLICT', 'not this one');
    };
    const results = await Promise.allSettled([
      links.update('proj-1', rename('a')),
      links.update('proj-1', rename('b')),
      links.update('proj-1', failing),
      links.update('proj-1', rename('c')),
    ]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.remote_project_name : (result.reason as Error).message))).toEqual([
      'Forecasts a',
      'Forecasts a b',
      'not this one',
      'Forecasts a b c',
    ]);
    expect((await links.get('proj-1'))?.remote_project_name).toBe('Forecasts a b c');
    // Asked for at once, they went in one write.
    expect(writes.count).toBe(1);
    // One asked for while another is written waits for the next write.
    const first = links.update('proj-1', rename('d'));
    await Promise.resolve();
    await Promise.all([first, links.update('proj-1', rename('e')), links.update('proj-1', rename('f'))]);
    expect((await links.get('proj-1'))?.remote_project_name).toBe('Forecasts a b c d e f');
    expect(writes.count).toBeGreaterThanOrEqual(2);
    expect(writes.count).toBeLessThanOrEqual(3);
    // A link that does not exist refuses every change.
    await expect(links.update('proj-2', rename('x'))).rejects.toThrow('not linked');
  });
});
