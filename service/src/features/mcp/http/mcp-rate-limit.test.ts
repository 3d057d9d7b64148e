import { describe, expect, it } from 'vitest';
import { McpRateLimit } from './mcp-rate-limit.js';

describe('McpRateLimit', () => {
  it('lets each client make its allowance per minute, says when the next window opens, and starts afresh then', () => {
    let now = 1_000_000;
    const limit = new McpRateLimit(3, () => now);
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([null, null, null]);
    now += 15_000;
    expect(limit.take('a')).toBe(45);
    expect(limit.take('b')).toBeNull();
    now += 45_000;
    expect(limit.take('a')).toBeNull();
  });
});
