import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, type HubSettings } from '../../service/src/config/settings.js';
import type { TreeNode } from '../../service/src/core/catalog/tree.js';
import { UNRESTRICTED_SCOPE } from '../../service/src/core/identity/access-tokens.js';
import { newProjectId, newRevisionId } from '../../service/src/core/ids.js';
import { projectCatalogEntries, type ProjectRevision } from '../../service/src/core/projects/project-records.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import { createHub } from '../../service/src/compose/hub.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { makeTempDir } from '../support/temp-dir.js';

const PAGE = 20;

/** The real store, counting every read (get, head, list) made through it. */
function countingReads(inner: ObjectStore): { store: ObjectStore; reads: () => number; reset: () => void } {
  let reads = 0;
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if ((property === 'get' || property === 'head' || property === 'list') && typeof value === 'function') {
        return (...args: unknown[]) => {
          reads++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store, reads: () => reads, reset: () => (reads = 0) };
}

interface Deployment {
  settings: HubSettings;
  root: string;
  tokens: { superAdmin: string; owner: string };
  /** Levels of the catalog tree, root to leaf. */
  depth: number;
  cleanup: () => Promise<void>;
}

/** A hub's store holding `count` active projects of one owner, written straight into the catalog. */
async function deploymentWith(count: number): Promise<Deployment> {
  const temp = await makeTempDir(`list-cost-${count}`);
  const settings = readSettings({ SERVICE_DATA_DIR: temp.dir, SERVICE_RUN_MAINTENANCE: 'false', SERVICE_MAX_PAGE_SIZE: '100' });
  const root = path.join(temp.dir, 'store');
  const hub = await createHub({ settings, store: new FsObjectStore(root), logger: createLogger('silent') });
  const { users, tokens } = hub.services;
  const issue = async (email: string, superAdmin: boolean) => {
    const user = await users.ensureByEmail(email, { name: null, superAdmin }, 'test');
    return { user, token: (await tokens.issue(user.id, { name: 'test', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'test')).token };
  };
  const superAdmin = await issue('root@example.com', true);
  const owner = await issue('owner@example.com', false);
  const base = Date.now() - count * 1000;
  await hub.catalog.mutate('test.fill', (tx) => {
    for (let i = 0; i < count; i++) {
      const at = new Date(base + i * 1000);
      const revision: ProjectRevision = {
        schema_version: 1,
        revision: newRevisionId(at.getTime()),
        parent_revision: null,
        id: newProjectId(at.getTime()),
        name: `Project ${i}`,
        description: '',
        owner: owner.user.id,
        owner_email: owner.user.email,
        members: [],
        group_members: [],
        tags: [],
        status: 'active',
        default_role: null,
        federation: null,
        security_labels: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        written_by: 'test',
      };
      for (const [key, value] of projectCatalogEntries(revision, 0)) tx.put(key, value);
    }
  });
  let depth = 0;
  let node: TreeNode | null = null;
  let id = (await hub.catalog.view()).snapshot.root.id;
  while (id !== null && node?.t !== 'L') {
    node = await hub.catalog.nodes.read(id);
    depth++;
    id = node.t === 'B' ? node.c[0]![1] : null;
  }
  await hub.close();
  return { settings, root, tokens: { superAdmin: superAdmin.token, owner: owner.token }, depth, cleanup: temp.cleanup };
}

/** Store reads of the first projects page served by a freshly started hub (empty caches). */
async function readsOfFirstPage(deployment: Deployment, token: string): Promise<number> {
  const counter = countingReads(new FsObjectStore(deployment.root));
  const hub = await createHub({ settings: deployment.settings, store: counter.store, logger: createLogger('silent') });
  try {
    counter.reset();
    const response = await hub.app.inject({ method: 'GET', url: `/api/v1/projects?limit=${PAGE}`, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { data: { items: unknown[]; next_cursor: string | null } };
    expect(page.data.items).toHaveLength(PAGE);
    expect(page.data.next_cursor).not.toBeNull();
    return counter.reads();
  } finally {
    await hub.close();
  }
}

describe('listing one page of projects', () => {
  let small: Deployment;
  let large: Deployment;
  beforeAll(async () => {
    small = await deploymentWith(100);
    large = await deploymentWith(2000);
  }, 120_000);
  afterAll(async () => {
    await small?.cleanup();
    await large?.cleanup();
  });

  // Twenty times the projects may cost at most one more node per tree level (a deeper tree, or a
  // page that straddles one more leaf), never reads in proportion to the total.
  for (const who of ['superAdmin', 'owner'] as const) {
    it(`reads as much at 2,000 projects as at 100, give or take the tree depth (${who})`, async () => {
      const atSmall = await readsOfFirstPage(small, small.tokens[who]);
      const atLarge = await readsOfFirstPage(large, large.tokens[who]);
      expect(large.depth).toBeGreaterThanOrEqual(small.depth);
      expect(atLarge).toBeGreaterThanOrEqual(atSmall);
      expect(atLarge - atSmall).toBeLessThanOrEqual(large.depth);
      // A sanity bound: the page itself is twenty entries, far below the 2,000 a full scan reads.
      expect(atLarge).toBeLessThan(PAGE + 10 * large.depth);
    });
  }
});
