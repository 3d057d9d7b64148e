import { describe, expect, it } from 'vitest';
import { SandboxError as ViaPackage } from '@notebook-hub/kernel/ports/sandbox-driver.js';
import { MARIMO_VERSION as pinnedViaPackage } from '@notebook-hub/sandbox-drivers/runtime/pins';
import { SandboxError } from '../../service/src/core/ports/sandbox-driver.js';
import { MARIMO_VERSION } from '../../sandbox-drivers/runtime/pins.js';

// The workspaces import each other by package name. Under test (vitest's "source" condition) those
// names must load the same TypeScript modules as relative imports do, never the compiled dist/:
// two copies of a module would mean two SandboxError classes and failing instanceof checks.
describe('workspace packages under test', () => {
  it('resolve to the sources, in one module graph with relative imports', () => {
    expect(ViaPackage).toBe(SandboxError);
    expect(pinnedViaPackage).toBe(MARIMO_VERSION);
  });
});
