import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../core/errors.js';
import { ERROR_STATUS } from './error-status.js';

describe('error status table', () => {
  it('maps every spec error code, and docs/errors.md says the same', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/errors.md'), 'utf8');
    const documented = Object.fromEntries([...doc.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|$/gm)].map((match) => [match[1], Number(match[2])]));
    expect(documented).toEqual(ERROR_STATUS);
  });
});
