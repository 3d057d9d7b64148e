import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_DEFINITIONS } from './settings.js';

describe('configuration documentation', () => {
  it('docs/configuration.md describes every setting the hub reads', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/`((?:SERVICE|OTEL)_[A-Z0-9_]+)`/g)].map((match) => match[1]));
    expect(SETTING_DEFINITIONS.map((definition) => definition.key).filter((key) => !documented.has(key))).toEqual([]);
  });
});
