import { describe, expect, it } from 'vitest';
import { packageChanges } from './dependency-updates.js';

describe('the packages an update of dependencies changed', () => {
  it('names each package whose locked version moved, was added or went, by normalized name, and nothing else', () => {
    const before = [
      { name: 'polars', version: '1.2.0' },
      { name: 'Typing_Extensions', version: '4.9.0' },
      { name: 'six', version: '1.16.0' },
      { name: 'numpy', version: '2.0.0' },
    ];
    const after = [
      { name: 'polars', version: '1.3.0' },
      { name: 'typing-extensions', version: '4.9.0' },
      { name: 'narwhals', version: '1.0.0' },
      { name: 'numpy', version: '2.0.0' },
    ];
    expect(packageChanges(before, after)).toEqual([
      { name: 'narwhals', from: null, to: '1.0.0' },
      { name: 'polars', from: '1.2.0', to: '1.3.0' },
      { name: 'six', from: '1.16.0', to: null },
    ]);
    expect(packageChanges(after, after)).toEqual([]);
  });
});
