import { describe, expect, it } from 'vitest';
import { FailedAuthentications } from './failed-authentications.js';

describe('throttling failed authentications per address', () => {
  const world = (maxFailures = 3) => {
    let now = 1_000_000;
    const limiter = new FailedAuthentications({ maxFailures, windowSeconds: 60 }, () => now);
    return { limiter, tick: (ms: number) => (now += ms) };
  };

  it('refuses an address its unknown credentials once it failed too often, until its window ends', () => {
    const { limiter, tick } = world();
    const unknown = () => 'key-of-a-guess';
    for (let i = 0; i < 3; i++) {
      expect(limiter.refusal('10.0.0.1', unknown)).toBeNull();
      limiter.failed('10.0.0.1');
    }
    expect(limiter.refusal('10.0.0.1', unknown)).toBe(60);
    tick(45_000);
    expect(limiter.refusal('10.0.0.1', unknown)).toBe(15);
    // Another address is not affected.
    expect(limiter.refusal('10.0.0.2', unknown)).toBeNull();
    tick(15_000);
    expect(limiter.refusal('10.0.0.1', unknown)).toBeNull();
    // A new window: three more tries.
    limiter.failed('10.0.0.1');
    expect(limiter.refusal('10.0.0.1', unknown)).toBeNull();
  });

  it('lets a credential that worked lately through a throttled address, and never counts successes', () => {
    const { limiter, tick } = world();
    limiter.succeeded('key-of-a-good-token');
    for (let i = 0; i < 3; i++) limiter.failed('10.0.0.1');
    expect(limiter.refusal('10.0.0.1', () => 'key-of-a-good-token')).toBeNull();
    expect(limiter.refusal('10.0.0.1', () => null)).toBe(60);
    // A day after it last worked, it is a stranger again.
    tick(24 * 3600_000);
    for (let i = 0; i < 3; i++) limiter.failed('10.0.0.1');
    expect(limiter.refusal('10.0.0.1', () => 'key-of-a-good-token')).not.toBeNull();
  });

  it('asks for the key only of a throttled address, and does nothing when turned off', () => {
    const { limiter } = world();
    expect(limiter.refusal('10.0.0.1', () => expect.unreachable('no key needed'))).toBeNull();
    const off = world(0).limiter;
    for (let i = 0; i < 100; i++) off.failed('10.0.0.1');
    expect(off.refusal('10.0.0.1', () => null)).toBeNull();
  });
});
