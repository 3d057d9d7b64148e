/**
 * The last guard before telemetry leaves the process (docs/telemetry.md, "What never leaves"):
 * the hub puts no e-mail address or token into a span or a log line on purpose, and this catches
 * one that slipped in (an error message quoting a member's address, say). Whoever reads traces
 * and log backends is not necessarily allowed to read who the users are.
 */
/** Also percent-encoded, as in a request's path (`/members/ada%40example.org`). */
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/gi;
/** The hub's own secrets have recognisable prefixes: personal access tokens, MCP and OAuth tokens, session cookies. */
const TOKEN = /\b(?:svc_[a-z]+_|Bearer\s+)[A-Za-z0-9._~+/=_-]{8,}/g;

export const REDACTED_EMAIL = '[email]';
export const REDACTED_TOKEN = '[token]';

/** A string with e-mail addresses and tokens masked; other values as they are. */
export function redactedValue<T>(value: T): T | string {
  if (typeof value !== 'string' || (!value.includes('@') && !value.includes('%40') && !value.includes('svc_') && !value.includes('Bearer'))) return value;
  return value.replace(EMAIL, REDACTED_EMAIL).replace(TOKEN, REDACTED_TOKEN);
}

/** {@link redactedValue} through objects and arrays (a parsed log line). */
export function redactedDeep(value: unknown): unknown {
  if (typeof value === 'string') return redactedValue(value);
  if (Array.isArray(value)) return value.map(redactedDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) out[key] = redactedDeep(entry);
    return out;
  }
  return value;
}
