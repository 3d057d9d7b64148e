import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxError, type ReadinessProbe, type SandboxDriver, type WaitReadyOptions } from '@notebook-hub/kernel/ports/sandbox-driver.js';

const DEFAULT_PROBE: ReadinessProbe = { kind: 'exec', argv: ['true'] };
/**
 * Short on purpose: how quickly marimo is seen ready is what a user waits for, and a refused
 * loopback connection costs microseconds.
 */
const HTTP_POLL_MS = 25;
const EXEC_POLL_MS = 100;

/** The probe loop both drivers use for `waitReady`. */
export async function pollReadiness(driver: SandboxDriver, id: string, options: WaitReadyOptions): Promise<number> {
  const probe = options.probe ?? DEFAULT_PROBE;
  const deadline = Date.now() + options.timeoutMs;
  let attempts = 0;
  let lastProblem: string;
  for (;;) {
    if (options.signal?.aborted) {
      throw new SandboxError('NOT_READY', `sandbox ${id} stopped waiting for readiness: ${String(options.signal.reason ?? 'aborted')}`);
    }
    attempts++;
    // Never less than a second: a probe cut to the last few milliseconds before the deadline only
    // reports its own timeout, which would hide what actually kept the sandbox from being ready.
    const problem = await attempt(driver, id, probe, Math.max(1_000, Math.min(deadline - Date.now(), 5_000)));
    if (problem === null) return attempts;
    lastProblem = problem;
    if (Date.now() >= deadline) break;
    await sleep(Math.min(probe.kind === 'http' ? HTTP_POLL_MS : EXEC_POLL_MS, Math.max(0, deadline - Date.now())));
  }
  throw new SandboxError('NOT_READY', `sandbox ${id} was not ready after ${options.timeoutMs} ms (${attempts} probes; last: ${lastProblem})`);
}

async function attempt(driver: SandboxDriver, id: string, probe: ReadinessProbe, timeoutMs: number): Promise<string | null> {
  try {
    if (probe.kind === 'exec') {
      const result = await driver.exec(id, { argv: probe.argv, timeoutMs });
      return result.exitCode === 0 ? null : `exit code ${result.exitCode}`;
    }
    const endpoint = await driver.exposePort(id, probe.port);
    const status = await freshGet(`http://${endpoint.host}:${endpoint.port}${probe.path}`, timeoutMs);
    return status >= 200 && status < 300 ? null : `HTTP ${status}`;
  } catch (error) {
    if (error instanceof SandboxError && (error.code === 'NOT_FOUND' || error.code === 'BACKEND_ERROR')) throw error;
    return error instanceof Error ? `${error.message}${causeOf(error)}` : String(error);
  }
}

/**
 * The status of a GET on a connection of its own. A pooled connection would keep answering from
 * wherever it first reached: a Service address opened before kube-proxy routed it stays connected
 * to whatever took the packets then.
 */
export function freshGet(url: string, timeoutMs: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

const causeOf = (error: Error): string => (error.cause instanceof Error ? ` (${error.cause.message})` : '');
