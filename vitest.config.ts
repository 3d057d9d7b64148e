import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['service/**/*.test.ts', 'sandbox-drivers/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    passWithNoTests: false,
  },
});
