import { defineConfig } from 'vitest/config';

// The "source" export condition makes `@notebook-hub/*` imports load the workspaces' TypeScript
// sources (one module graph with the relative imports), never their compiled `dist/`. The rest is
// vitest's default for Node (Vite's server conditions without "module").
const conditions = ['source', 'node', 'development|production'];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    include: ['service/**/*.test.ts', 'sandbox-drivers/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // eventsource-parser (under the MCP SDK's client, which only tests use) also publishes its
    // TypeScript sources under "source": run through Vite, which compiles them, rather than by
    // Node, which cannot load them. The hub's own SDK imports (the server) stay Node's.
    server: { deps: { inline: [/@modelcontextprotocol\/sdk\/dist\/esm\/client\//, 'eventsource-parser'] } },
    passWithNoTests: false,
  },
});
