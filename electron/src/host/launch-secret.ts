import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A new secret for each launch of the app: the hub refuses every request without it, so only the
 * app's own window (which carries it in a cookie) and main process use the hub and its sessions
 * (docs/desktop.md). 256 random bits, URL-safe.
 */
export function newLaunchSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function constantTimeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `url` is an http origin on this machine's loopback interface (the only place a desktop hub listens). */
export function isLoopbackOrigin(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname) && parsed.port !== '';
  } catch {
    return false;
  }
}
