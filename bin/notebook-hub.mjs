#!/usr/bin/env -S node --max-semi-space-size=8
// The `notebook-hub` command (`npm start` runs `notebook-hub serve`). It runs the compiled
// JavaScript of the service with plain node; from a checkout it first compiles the sources when
// the build is missing or stale (see scripts/build.mjs), so `npm ci && npm start` just works.
import { ensureBuilt } from '../scripts/build.mjs';

// Stack traces name the compiled JavaScript: mapping them back to the TypeScript sources made
// every start read and index a source map per module (about a fifth of the start's CPU). Run with
// NODE_OPTIONS=--enable-source-maps to have them mapped.
try {
  await ensureBuilt();
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// The bundled service (scripts/bundle-service.mjs): a few files to load instead of about 900 modules.
await import('../service/dist/bundle/main.js');
