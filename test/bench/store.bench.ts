/**
 * Storage benchmark (fs adapter on this machine). Prints:
 *  - conditional puts per second with 1 and with 16 concurrent writers;
 *  - catalog mutations per second with 10,000 projects already in the catalog;
 *  - the time to list one page at 10,000 projects against 100 projects (goal: ratio <= 1.5).
 * BENCH_QUICK=1 shrinks every size so the script can be smoke-tested.
 */
import './support/machine-load.js';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { Catalog } from '../../service/src/core/catalog/catalog.js';
import { projectCatalogEntries, type ProjectRevision } from '../../service/src/core/projects/project-records.js';
import { newProjectId, newRevisionId } from '../../service/src/core/ids.js';
import { catalogKeys } from '../../service/src/core/storage-layout.js';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';

const quick = process.env.BENCH_QUICK === '1';
const LARGE = quick ? 500 : 10_000;
const SMALL = quick ? 60 : 100;
const PAGE = 50;

const temp = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-bench-'));
try {
  console.log(`# store benchmark (fs adapter, ${os.cpus().length} cores, ${temp})`);
  const single = await conditionalPutsPerSecond(path.join(temp, 'puts-1'), 1, quick ? 50 : 400);
  const sixteen = await conditionalPutsPerSecond(path.join(temp, 'puts-16'), 16, quick ? 10 : 60);
  console.log(`conditional puts/s, 1 writer:    ${single.toFixed(0)}`);
  console.log(`conditional puts/s, 16 writers:  ${sixteen.toFixed(0)}  (ratio to 1 writer: ${(sixteen / single).toFixed(2)})`);

  const large = await catalogWithProjects(path.join(temp, 'catalog-large'), LARGE);
  const small = await catalogWithProjects(path.join(temp, 'catalog-small'), SMALL);
  const sequential = await mutationsPerSecond(large, quick ? 20 : 150, 1);
  const concurrent = await mutationsPerSecond(large, quick ? 40 : 400, 16);
  console.log(`catalog mutations/s at ${LARGE} projects, one at a time:   ${sequential.toFixed(0)}`);
  console.log(`catalog mutations/s at ${LARGE} projects, 16 in flight:    ${concurrent.toFixed(0)}`);

  const largePage = await medianPageMs(large, quick ? 30 : 300);
  const smallPage = await medianPageMs(small, quick ? 30 : 300);
  const ratio = largePage / smallPage;
  console.log(`list one page of ${PAGE}: ${largePage.toFixed(3)} ms at ${LARGE} projects, ${smallPage.toFixed(3)} ms at ${SMALL} projects`);
  console.log(`page listing ratio ${LARGE}/${SMALL}: ${ratio.toFixed(2)} (goal <= 1.5: ${ratio <= 1.5 ? 'met' : 'NOT met'})`);
} finally {
  await rm(temp, { recursive: true, force: true });
}

async function conditionalPutsPerSecond(root: string, writers: number, putsEach: number): Promise<number> {
  const store = new FsObjectStore(root);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let { etag } = await store.put(`w/${writer}`, '0', { ifNoneMatch: '*' });
      for (let i = 1; i < putsEach; i++) ({ etag } = await store.put(`w/${writer}`, String(i), { ifMatch: etag }));
    }),
  );
  return (writers * putsEach) / ((performance.now() - started) / 1000);
}

async function catalogWithProjects(root: string, count: number): Promise<Catalog> {
  const store = new FsObjectStore(root);
  const catalog = new Catalog(store);
  await catalog.initialize();
  const base = Date.now() - count * 1000;
  await catalog.mutate('bench.fill', (tx) => {
    for (let i = 0; i < count; i++) {
      const at = new Date(base + i * 1000);
      const revision: ProjectRevision = {
        schema_version: 1,
        revision: newRevisionId(at.getTime()),
        parent_revision: null,
        id: newProjectId(at.getTime()),
        name: `Project ${i}`,
        description: 'A project used by the storage benchmark',
        owner: `user-${i % 97}`,
        owner_email: `user-${i % 97}@example.com`,
        members: [],
        group_members: [],
        tags: [`team:${i % 13}`],
        status: 'active',
        default_role: null,
        federation: null,
        security_labels: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        written_by: 'bench',
      };
      for (const [key, value] of projectCatalogEntries(revision, i % 7)) tx.put(key, value);
    }
  });
  return catalog;
}

async function mutationsPerSecond(catalog: Catalog, total: number, inFlight: number): Promise<number> {
  const view = await catalog.view();
  const keys = (await view.list<{ id: string }>(catalogKeys.projectsPrefix, { limit: 200 })).items.map((item) => item.key);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        const key = keys[next++ % keys.length]!;
        await catalog.mutate('bench.update', async (tx) => {
          const entry = await tx.get<{ notebook_count: number }>(key);
          tx.put(key, { ...entry, notebook_count: (entry?.notebook_count ?? 0) + 1 });
        });
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** A page as a request reads it: fresh pointer, then the tree (nodes cached after the first read). */
async function medianPageMs(catalog: Catalog, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < rounds + 10; i++) {
    const started = performance.now();
    const view = await catalog.view();
    const page = await view.list(catalogKeys.projectsPrefix, { limit: PAGE, reverse: true });
    if (page.items.length !== PAGE) throw new Error('short page');
    if (i >= 10) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
