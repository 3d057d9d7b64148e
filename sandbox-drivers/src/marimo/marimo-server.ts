import { randomBytes } from 'node:crypto';
import { SandboxError, type PortEndpoint, type Sandbox, type SandboxDriver, type SandboxProcess } from '@notebook-hub/kernel/ports/sandbox-driver.js';

export type MarimoMode = 'edit' | 'app';

export interface MarimoLaunchOptions {
  /** `edit` runs `marimo edit`, `app` runs `marimo run`. */
  mode: MarimoMode;
  /** The notebook, relative to the workspace. */
  notebook: string;
  /** The path the hub proxies this session under, e.g. `/s/<session-id>`. */
  baseUrl: string;
  /** The per-session secret (see {@link newSessionSecret}); only the hub knows it. */
  token: string;
  /** The sandbox port name marimo listens on (requested at create). Default `marimo`. */
  port?: string;
  /** Extra environment, e.g. the notebook's package environment. */
  env?: Record<string, string>;
  readyTimeoutMs: number;
}

export interface MarimoServer {
  /** Where the hub reaches marimo (a loopback address). */
  endpoint: PortEndpoint;
  /** The normalized base URL: starts with `/`, no trailing slash. */
  baseUrl: string;
  process: SandboxProcess;
  /**
   * Headers the hub's proxy adds to every request it forwards to this server, page loads and
   * WebSocket upgrades alike (after dropping any `Authorization` the browser sent).
   */
  proxyHeaders: Record<string, string>;
  timings: { spawn_ms: number; ready_ms: number };
}

/** A fresh per-session secret: 256 random bits, URL-safe. */
export const newSessionSecret = (): string => randomBytes(32).toString('base64url');

const BASE_URL = /^(\/[A-Za-z0-9._~-]+)+$/;

export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (!BASE_URL.test(trimmed)) throw new SandboxError('COMMAND_FAILED', `invalid marimo base URL ${JSON.stringify(baseUrl)}: use /segment[/segment...]`);
  return trimmed;
}

/**
 * Starts marimo headless in the sandbox and waits for its `/health` under the base URL. The token
 * goes in on stdin (`--token-password-file -`), never on the command line where other local users
 * could read it in the process list. marimo then accepts a request that carries the token as
 * `Authorization: Bearer <token>` (or Basic with the token as password, or `?access_token=`) and
 * answers it with a session cookie; without one of those every page, API call and WebSocket is
 * refused, except `/health`.
 */
export async function startMarimo(driver: SandboxDriver, sandbox: Sandbox, options: MarimoLaunchOptions): Promise<MarimoServer> {
  const portName = options.port ?? 'marimo';
  const port = sandbox.ports[portName];
  if (port === undefined) throw new SandboxError('NOT_FOUND', `sandbox ${sandbox.id} was created without a "${portName}" port`);
  if (options.token.length < 16) throw new SandboxError('COMMAND_FAILED', 'the marimo session secret is too short');
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const started = performance.now();
  const argv = [
    'marimo',
    options.mode === 'edit' ? 'edit' : 'run',
    options.notebook,
    '--headless',
    '--host',
    sandbox.bindHost,
    '--port',
    String(port),
    '--base-url',
    baseUrl,
    '--token-password-file',
    '-',
    '--no-sandbox',
    // The editor reloads the notebook file when the hub changes it (cells from the data browser).
    ...(options.mode === 'edit' ? ['--watch'] : []),
  ];
  const process = await driver.spawn(sandbox.id, {
    argv,
    stdin: `${options.token}\n`,
    env: { MARIMO_SKIP_UPDATE_CHECK: '1', ...options.env },
  });
  const spawned = performance.now();
  const exited = new AbortController();
  void process.exited.then(({ exitCode }) => exited.abort(`marimo exited with ${exitCode ?? 'a signal'}`));
  try {
    await driver.waitReady(sandbox.id, {
      probe: { kind: 'http', port: portName, path: `${baseUrl}/health` },
      timeoutMs: options.readyTimeoutMs,
      signal: exited.signal,
    });
  } catch (error) {
    const tail = process.outputTail().stderr.trim().split('\n').slice(-20).join('\n');
    const message = error instanceof Error ? error.message : String(error);
    throw new SandboxError('NOT_READY', `marimo did not become ready: ${message}${tail ? `\n${tail}` : ''}`, { cause: error });
  }
  return {
    endpoint: await driver.exposePort(sandbox.id, portName),
    baseUrl,
    process,
    proxyHeaders: { authorization: `Bearer ${options.token}` },
    timings: { spawn_ms: spawned - started, ready_ms: performance.now() - spawned },
  };
}
