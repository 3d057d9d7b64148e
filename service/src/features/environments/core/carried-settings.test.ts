import { describe, expect, it } from 'vitest';
import { notLockableReason, settingsNotCarried } from './carried-settings.js';

describe('the uv settings a lock carries', () => {
  it('carries a block without uv settings, and find-links folders of the workspace, however the TOML spells them', () => {
    expect(settingsNotCarried('dependencies = ["polars"]\n')).toEqual([]);
    expect(settingsNotCarried('dependencies = ["hubprobe"]\n[tool.uv]\nfind-links = ["wheels"]\n')).toEqual([]);
    expect(settingsNotCarried('dependencies = [\n  "a",\n  "b",\n]\n[tool.uv]\nfind-links = [\n  "wheels",\n  \'more/wheels\',\n]\n')).toEqual([]);
    expect(settingsNotCarried('dependencies = ["a"]\n[tool]\nuv.find-links = ["wheels"]\n')).toEqual([]);
    expect(settingsNotCarried('dependencies = ["a"]\ntool.uv.find-links = ["wheels"]\n')).toEqual([]);
    expect(settingsNotCarried('requires-python = ">=3.10"\ndependencies = ["a"]\n[tool.other]\nindex-url = "x"\n')).toEqual([]);
  });

  it('names every other uv setting, sub-table and inline table, and find-links outside the workspace', () => {
    expect(settingsNotCarried('dependencies = ["a"]\n[tool.uv]\nextra-index-url = ["https://packages.example.com/simple"]\n')).toEqual(['extra-index-url']);
    expect(settingsNotCarried('dependencies = ["a"]\n[[tool.uv.index]]\nurl = "https://packages.example.com/simple"\n')).toEqual(['index']);
    expect(settingsNotCarried('dependencies = ["a"]\n[tool.uv.sources]\na = { path = "a" }\n')).toEqual(['sources']);
    expect(settingsNotCarried('dependencies = ["a"]\n[tool]\nuv = { index-url = "x" }\n')).toEqual(['uv']);
    expect(settingsNotCarried('dependencies = ["a"]\n"tool"."uv".index-url = "x"\n')).toEqual(['index-url']);
    for (const folder of ['/opt/wheels', '../wheels', 'wheels/../../x', 'https://packages.example.com/wheels', 'file:///opt/wheels']) {
      expect(settingsNotCarried(`dependencies = ["a"]\n[tool.uv]\nfind-links = ["${folder}"]\n`), folder).toEqual([
        'find-links (not a folder of the workspace)',
      ]);
    }
    expect(settingsNotCarried('dependencies = ["a"]\n[tool.uv]\nfind-links = "wheels"\n')).toEqual(['find-links (not a folder of the workspace)']);
  });

  it('says why such a block is installed at each start', () => {
    expect(notLockableReason('dependencies = ["a"]\n[tool.uv]\nextra-index-url = ["x"]\nprerelease = "allow"\n')).toBe(
      'its [tool.uv] settings "extra-index-url", "prerelease" are not carried by a lock: its dependencies are installed at each start',
    );
    expect(notLockableReason('dependencies = ["a"]\n')).toBeNull();
  });
});
