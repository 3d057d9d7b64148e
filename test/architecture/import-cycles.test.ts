import { glob } from 'tinyglobby';
import { beforeAll, describe, expect, it } from 'vitest';
import { cycleThrough, describeCycles, graphOf, ImportGraph, knots, REPO_ROOT } from './import-graph.js';

// Nothing imports in a circle (docs/architecture.md, "No cycles"): not one file another, not one
// area folder of the core another, not one layer or feature of the service another. Type-only
// imports count: a type that must be read in a circle is a design that must be understood in one.
const PACKAGES = ['kernel', 'service', 'sandbox-drivers', 'electron'];
const IGNORED = ['**/node_modules/**', '**/dist/**'];

interface Edge {
  from: string;
  to: string;
}

let files: string[];
let edges: Edge[];
beforeAll(async () => {
  files = (
    await glob(
      PACKAGES.map((name) => `${name}/**/*.{ts,tsx,mts,mjs}`),
      { cwd: REPO_ROOT, ignore: [...IGNORED, '**/*.d.ts'] },
    )
  ).sort();
  const graph = new ImportGraph();
  edges = files.flatMap((from) =>
    graph
      .module(from)
      .imports.filter((edge) => edge.target !== null)
      .map((edge) => ({ from, to: edge.target! })),
  );
});

/** The graph between groups of files (`groupOf` answers null for files outside every group); imports within a group are not edges. */
function groupGraph(groupOf: (file: string) => string | null, include: (file: string) => boolean = () => true) {
  const pairs: [string, string][] = [];
  for (const { from, to } of edges) {
    if (!include(from)) continue;
    const [a, b] = [groupOf(from), groupOf(to)];
    if (a !== null && b !== null && a !== b) pairs.push([a, b]);
  }
  return graphOf(
    files
      .filter(include)
      .map(groupOf)
      .filter((group): group is string => group !== null),
    pairs,
  );
}

/** Tests import what they test from anywhere; they are leaves, so they close no cycle between folders. */
const production = (file: string) => !/\.test\.tsx?$/.test(file);

/** `service/src/core/<area>` for the core's area folders; a file directly in core/ is its own node. */
export function coreAreaOf(file: string): string | null {
  const match = /^service\/src\/core\/([^/]+)/.exec(file);
  return match ? `core/${match[1]}` : null;
}

/** The service's layers (`http`, `core`, ...) and each feature folder (`features/jobs`); the features' own files (the registration contract) are nodes of their own. */
export function layerOrFeatureOf(file: string): string | null {
  const feature = /^service\/src\/features\/([^/]+)/.exec(file);
  if (feature) return `features/${feature[1]}`;
  const layer = /^service\/src\/([^/]+)/.exec(file);
  return layer ? layer[1]! : null;
}

/** The layers inside one feature folder (`features/jobs/core`, `features/jobs/http`, ...). */
export function featureLayerOf(file: string): string | null {
  const match = /^service\/src\/features\/([^/]+)\/([^/]+)/.exec(file);
  return match ? `features/${match[1]}/${match[2]!.replace(/\.[mc]?tsx?$/, '')}` : null;
}

describe('import cycles', () => {
  it('reads the packages', () => {
    for (const name of PACKAGES) expect(files.some((file) => file.startsWith(`${name}/`))).toBe(true);
    expect(edges.length).toBeGreaterThan(files.length);
  });

  it('has no file importing itself through others', () => {
    expect(describeCycles(groupGraph((file) => file))).toEqual([]);
  });

  it('has no cycle between the area folders of service/src/core', () => {
    expect(describeCycles(groupGraph(coreAreaOf, production))).toEqual([]);
  });

  it('has no cycle between the layers and feature folders of service/src', () => {
    expect(describeCycles(groupGraph(layerOrFeatureOf, production))).toEqual([]);
  });

  it('has no cycle between the layers inside a feature folder', () => {
    expect(describeCycles(groupGraph(featureLayerOf, production))).toEqual([]);
  });
});

describe('the cycle check', () => {
  const synthetic = graphOf(
    ['leaf'],
    [
      ['routes', 'use-cases'],
      ['use-cases', 'sessions'],
      ['sessions', 'git'],
      ['git', 'sessions'],
      ['git', 'leaf'],
      ['sessions', 'routes'],
    ],
  );

  it('finds a knot and names a cycle through it', () => {
    expect(knots(synthetic)).toEqual([['git', 'routes', 'sessions', 'use-cases']]);
    expect(cycleThrough(synthetic, ['git', 'routes', 'sessions', 'use-cases'])).toEqual(['git', 'sessions', 'git']);
    expect(describeCycles(synthetic)).toEqual(['git -> sessions -> git (one of the cycles among 4: git, routes, sessions, use-cases)']);
  });

  it('passes a graph without cycles', () => {
    expect(
      describeCycles(
        graphOf(
          [],
          [
            ['a', 'b'],
            ['b', 'c'],
            ['a', 'c'],
          ],
        ),
      ),
    ).toEqual([]);
  });

  it('groups files into the folders the rule is about', () => {
    expect(coreAreaOf('service/src/core/sessions/session-manager.ts')).toBe('core/sessions');
    expect(coreAreaOf('service/src/core/errors.ts')).toBe('core/errors.ts');
    expect(coreAreaOf('service/src/http/app.ts')).toBeNull();
    expect(layerOrFeatureOf('service/src/features/jobs/core/job-service.ts')).toBe('features/jobs');
    expect(layerOrFeatureOf('service/src/http/routes/projects.ts')).toBe('http');
    expect(featureLayerOf('service/src/features/jobs/http/job-routes.ts')).toBe('features/jobs/http');
    expect(featureLayerOf('service/src/features/jobs/feature.ts')).toBe('features/jobs/feature');
  });
});
