import { randomInt } from 'node:crypto';
import { newVersionId } from '../ids.js';

const PREFIX = 'ver-';
const DIGITS = 16;
/**
 * How far past its base a bumped id lands, at most. Random, so that two saves racing on the same
 * base (one of which loses with CONFLICT anyway) do not pick the same id.
 */
const MAX_STEP = 36 ** 5;

/**
 * A version id that sorts after `base`, the version the new one is saved on. Ids start with their
 * creation time, but two saves within one millisecond, or a save on a replica whose clock is
 * behind the one that wrote `base`, would otherwise sort before their parent: listings (newest
 * first) and pruning (oldest first) go by id, so the chain of current versions must only grow.
 */
export function versionIdAfter(base: string | null, now: number): string {
  const fresh = newVersionId(now);
  if (base === null || !base.startsWith(PREFIX) || fresh > base) return fresh;
  const next = parseBase36(base.slice(PREFIX.length)) + 1n + BigInt(randomInt(MAX_STEP));
  const digits = next.toString(36);
  // Past the last 16-digit id (the year 5000): nothing sensible sorts after it.
  if (digits.length > DIGITS) return fresh;
  return PREFIX + digits.padStart(DIGITS, '0');
}

function parseBase36(digits: string): bigint {
  let value = 0n;
  for (const digit of digits) value = value * 36n + BigInt(parseInt(digit, 36));
  return value;
}
