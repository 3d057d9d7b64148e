import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// The UI's component tests (the `unit-ui` project of the unit tier): React components rendered in
// jsdom, no hub, no network and no global set-up, so a file answers in about a second. Run alone
// with `npx vitest run --config renderer/vitest.config.ts`; the root configuration lists it as one
// of its projects.
export default defineProject({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: 'unit-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/test/jsdom-setup.ts'],
    // Mantine's CSS modules carry no behaviour the tests look at.
    css: false,
    // Both cores (vitest's default leaves one idle), and the files of a worker share the modules
    // they load: React, Mantine and the pages once per worker instead of once per file, a fifth of
    // the time. What a test leaves in a module (Mantine's notification store) is cleaned by the set-up file.
    maxWorkers: 2,
    isolate: false,
    // The libraries every test loads come pre-bundled (cached under node_modules/.vite), rather
    // than as hundreds of modules each: it about halves the time a test file takes to import them.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/notifications',
            '@tanstack/react-query',
            '@testing-library/react',
            '@testing-library/user-event',
            'react',
            'react-dom',
            'react-router',
          ],
        },
      },
    },
  },
});
