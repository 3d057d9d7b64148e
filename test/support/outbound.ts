import { OutboundClient } from '../../service/src/adapters/outbound/outbound-client.js';
import type { OutboundPolicy } from '../../service/src/core/outbound/outbound-policy.js';
import type { Logger } from '../../service/src/core/ports/logger.js';
import type { NameResolver } from '../../service/src/core/ports/name-resolver.js';

/**
 * fake-dns: a resolver that answers the names it was given and nothing else, so a test decides
 * where a name resolves without real DNS (names under `.test` never resolve for real). An IP
 * literal is never asked for. Each name asked is recorded.
 */
export function fakeDns(answers: Record<string, string[]>): NameResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    const addresses = answers[hostname.toLowerCase()];
    if (!addresses) throw Object.assign(new Error(`fake-dns has no answer for ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

/** A logger that keeps its lines (fields and message) for the test to read. */
export function recordingLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const write = (level: string) => (fields: object, message?: string) => void lines.push({ level, ...fields, msg: message });
  const logger: Logger & { lines: Record<string, unknown>[] } = {
    lines,
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    child: () => logger,
  };
  return logger;
}

/** An outbound client for adapter tests: loopback allowed (the test servers are on 127.0.0.1) unless the policy says otherwise. */
export function outboundClientForTests(
  options: { policy?: Partial<OutboundPolicy>; resolve?: NameResolver; feature?: string; timeoutMs?: number } = {},
): OutboundClient & { logger: ReturnType<typeof recordingLogger> } {
  const logger = recordingLogger();
  const client = new OutboundClient({
    feature: options.feature ?? 'test',
    policy: { allowHttp: true, allowPrivateNetworks: false, ...options.policy },
    resolve: options.resolve ?? fakeDns({}),
    logger,
    timeoutMs: options.timeoutMs ?? 20_000,
  });
  return Object.assign(client, { logger });
}
