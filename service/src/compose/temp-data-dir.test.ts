import { describe, expect, it } from 'vitest';
import { sandboxesInTempDir } from './temp-data-dir.js';

describe('sandboxesInTempDir', () => {
  const temps = ['/tmp', '/var/folders/x/T'];

  it('says so for a local hub whose data is in a temporary directory, or is one', () => {
    expect(sandboxesInTempDir('local', '/tmp/hub', temps)).toBe(true);
    expect(sandboxesInTempDir('local', '/tmp', temps)).toBe(true);
    expect(sandboxesInTempDir('local', '/var/folders/x/T/a/b', temps)).toBe(true);
  });

  it('leaves out data elsewhere, look-alike names, and drivers whose workspaces live elsewhere', () => {
    expect(sandboxesInTempDir('local', '/var/tmp/hub', temps)).toBe(false);
    expect(sandboxesInTempDir('local', '/tmpfoo/hub', temps)).toBe(false);
    expect(sandboxesInTempDir('local', '/home/ann/.local/share/notebook-hub', temps)).toBe(false);
    expect(sandboxesInTempDir('docker', '/tmp/hub', temps)).toBe(false);
  });
});
