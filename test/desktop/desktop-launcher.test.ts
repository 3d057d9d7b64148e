import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const binaryInstalled = existsSync(path.join(ROOT, 'node_modules/electron/path.txt'));

describe.skipIf(binaryInstalled)('npm run desktop without the Electron binary', () => {
  it('stops at once and says how to fetch the binary', () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, 'electron/scripts/desktop.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/The Electron \d+\.\d+\.\d+ binary is not installed/);
    expect(run.stderr).toContain('node node_modules/electron/install.js');
  });
});
