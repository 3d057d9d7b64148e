import { describe, expect, it } from 'vitest';
import { plannedSlots } from './warm-pool.js';

describe('the warm pool plan', () => {
  it('keeps `size` sandboxes for notebooks without dependencies and spreads the environment budget over the recent environments, newest first', () => {
    expect(plannedSlots(2, [], 3)).toEqual(new Map([[null, 2]]));
    expect(plannedSlots(0, ['env-a', 'env-b'], 2)).toEqual(
      new Map([
        ['env-a', 1],
        ['env-b', 1],
      ]),
    );
    expect(plannedSlots(1, ['env-a', 'env-b'], 3)).toEqual(
      new Map<string | null, number>([
        [null, 1],
        ['env-a', 2],
        ['env-b', 1],
      ]),
    );
    expect(plannedSlots(0, ['env-a', 'env-b', 'env-c'], 1)).toEqual(new Map([['env-a', 1]]));
    expect(plannedSlots(0, ['env-a'], 0)).toEqual(new Map());
  });
});
