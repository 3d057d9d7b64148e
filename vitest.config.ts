import { defineConfig } from 'vitest/config';
import { excludedFrom, TIERS } from './test/tiers.js';

// The "source" export condition makes `@notebook-hub/*` imports load the workspaces' TypeScript
// sources (one module graph with the relative imports), never their compiled `dist/`. The rest is
// vitest's default for Node (Vite's server conditions without "module").
const conditions = ['source', 'node', 'development|production'];

// Every tier of test/tiers.ts is a project with its own global set-up, which provisions only that
// tier's prerequisites: `npx vitest run --project unit` starts nothing, and a run of one file
// provisions for that file's tier only. The root itself has no set-up and no files of its own.
export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // eventsource-parser (under the MCP SDK's client, which only tests use) also publishes its
    // TypeScript sources under "source": run through Vite, which compiles them, rather than by
    // Node, which cannot load them. The hub's own SDK imports (the server) stay Node's.
    server: { deps: { inline: [/@modelcontextprotocol\/sdk\/dist\/esm\/client\//, 'eventsource-parser'] } },
    passWithNoTests: false,
    // Projects that differ in maxWorkers must run in groups of their own (one group per tier) when
    // several run at once (`npm run test:unit`); the renderer's config keeps group 0.
    projects: TIERS.map((tier, index) =>
      tier.config
        ? tier.config
        : {
            extends: true as const,
            test: {
              name: tier.name,
              include: [...tier.include],
              exclude: ['**/node_modules/**', '**/dist/**', ...excludedFrom(tier)],
              globalSetup: tier.prerequisites.length > 0 ? ['test/setup/global-setup.ts'] : [],
              ...(tier.maxWorkers ? { maxWorkers: tier.maxWorkers } : {}),
              ...(tier.isolate === false ? { isolate: false } : {}),
              sequence: { groupOrder: index + 1 },
            },
          },
    ),
  },
});
