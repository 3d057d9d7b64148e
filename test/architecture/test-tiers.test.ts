import path from 'node:path';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { excludedFrom, TIER_RUN_ORDER, TIERS, type Tier } from '../tiers.js';
import { ImportGraph, REPO_ROOT } from './import-graph.js';

// Every test file runs in exactly one tier, and the tier provisions whatever the file (or any module
// it loads) asks for with `prerequisite(...)`: a misplaced file is caught here, before a run of its
// tier throws or silently lacks a service.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const IGNORED = ['**/node_modules/**', '**/dist/**'];
/** What a unit-tier file must not load directly or through test/support: the tier starts nothing. */
const NOT_IN_UNIT = /^(?:node:(?:child_process|net|http|https|http2|dgram|cluster)|ws|playwright-core|dockerode|@kubernetes\/client-node)$/;

const graph = new ImportGraph();

async function filesOf(tier: Tier): Promise<string[]> {
  return glob([...tier.include], { cwd: REPO_ROOT, ignore: [...IGNORED, ...excludedFrom(tier)] });
}

function requested(file: string): Set<string> {
  const names = new Set<string>();
  for (const module of graph.runtimeClosure(file)) {
    for (const match of graph.module(module).text.matchAll(/\bprerequisite\('(\w+)'\)/g)) names.add(match[1]!);
  }
  return names;
}

describe('test tiers', () => {
  it('place every test file in one tier', async () => {
    const all = await glob(TEST_FILES, { cwd: REPO_ROOT, ignore: IGNORED });
    const placed = new Map<string, string[]>();
    for (const tier of TIERS) for (const file of await filesOf(tier)) placed.set(file, [...(placed.get(file) ?? []), tier.name]);
    expect(all.filter((file) => !placed.has(file))).toEqual([]);
    expect([...placed].filter(([, tiers]) => tiers.length > 1)).toEqual([]);
  });

  it('provision what each file asks for', async () => {
    const misplaced: string[] = [];
    for (const tier of TIERS) {
      for (const file of await filesOf(tier)) {
        const missing = [...requested(file)].filter((name) => !(tier.prerequisites as readonly string[]).includes(name));
        if (missing.length > 0) misplaced.push(`${file} (${tier.name}) needs ${missing.join(', ')}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('keep the unit tiers free of processes, sockets and browsers', async () => {
    const offending: string[] = [];
    for (const tier of TIERS.filter((candidate) => candidate.prerequisites.length === 0)) {
      for (const file of await filesOf(tier)) {
        const loaded = [...graph.runtimeClosure(file)].filter((module) => module === file || module.startsWith(`test${path.sep}`));
        for (const module of loaded) {
          for (const edge of graph.module(module).imports) {
            if (!edge.typeOnly && NOT_IN_UNIT.test(edge.specifier)) offending.push(`${file}: ${module} imports ${edge.specifier}`);
          }
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('have test files ask for prerequisites through prerequisite(), which knows the tiers', async () => {
    const all = await glob([...TEST_FILES, 'test/support/**/*.ts'], { cwd: REPO_ROOT, ignore: IGNORED });
    expect(all.filter((file) => /\binject\('/.test(graph.module(file).text))).toEqual([]);
  });

  it('run every tier in `npm test`', () => {
    expect([...TIER_RUN_ORDER].sort()).toEqual(TIERS.map((tier) => tier.name).sort());
  });
});
