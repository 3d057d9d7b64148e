import http from 'node:http';
import { expect } from 'vitest';
import { eventually, type SessionWorld } from './session-world.js';
import { grantCookieOf, surfaceRequest, surfaceUpgrade, type SurfaceAnswer } from './surface-client.js';

/**
 * Checks of VS Code and OpenCode running in a session's sandbox on a container driver (Docker,
 * Kubernetes), made the way a browser and the hub see them: through the hub's API and its proxy,
 * and inside the sandbox only through the hub's own sandbox driver.
 */

/** A surface opened through the API and entered with its ticket. */
export interface EnteredSurface {
  /** The surface's own host, `http://<surface>-<session>.localhost:<port>`. */
  origin: string;
  /** `name=value` of the grant cookie the entry set. */
  grant: string;
  /** The ticket the entry traded for the grant. */
  ticket: string;
  /** Where the entry sent the browser. */
  location: string;
}

export const surfacesPath = (w: SessionWorld, sid: string): string => `/api/v1/projects/${w.pid}/sessions/${sid}/surfaces`;

/** Opens `surface` as the session's editor (waiting until it runs) and enters it with the ticket. */
export async function openAndEnter(w: SessionWorld, sid: string, surface: 'vscode' | 'opencode', body: Record<string, unknown> = {}): Promise<EnteredSurface> {
  const opened = await w.api(`${surfacesPath(w, sid)}/${surface}`, 'editor', { method: 'POST', body });
  expect(opened.status, opened.text).toBe(200);
  expect(opened.json.data).toMatchObject({ id: surface, state: 'running', reason: null });
  const url = opened.json.data.url as string;
  const entered = await surfaceRequest(url);
  expect(entered.status, entered.text).toBe(303);
  return { origin: new URL(url).origin, grant: grantCookieOf(entered), ticket: url.split('ticket=')[1]!, location: entered.headers.location! };
}

/** Loads VS Code's workbench page through the proxy and opens its remote connection's WebSocket. */
export async function expectWorkbenchConnects(vscode: EnteredSurface): Promise<void> {
  const page = await surfaceRequest(`${vscode.origin}${vscode.location}`, { cookie: vscode.grant });
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  expect(page.text).toContain('vscode-workbench-web-configuration');
  const commit = /stable-([0-9a-f]{40})/.exec(page.text)?.[1];
  expect(commit, 'the workbench names its server build').toBeTruthy();
  const socket = `${vscode.origin}/stable-${commit}?reconnectionToken=00000000-0000-4000-8000-000000000000&reconnection=false&skipWebSocketFrames=false`;
  expect(await surfaceUpgrade(socket, { origin: vscode.origin, cookie: vscode.grant })).toBe(101);
}

/** Loads OpenCode's page and its API's session list through the proxy. */
export async function expectOpenCodeAnswers(opencode: EnteredSurface): Promise<void> {
  const page = await surfaceRequest(`${opencode.origin}/`, { cookie: opencode.grant });
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  expect(page.text).toMatch(/<html/i);
  const sessions = await surfaceRequest(`${opencode.origin}/session`, { cookie: opencode.grant });
  expect(sessions.status, sessions.text.slice(0, 300)).toBe(200);
  expect(Array.isArray(JSON.parse(sessions.text))).toBe(true);
}

/**
 * Writes `file` (relative to the workspace) with `content` through OpenCode's terminal API (a
 * command run in a PTY it starts in the workspace), then reads it back through OpenCode's file API,
 * all through the hub's proxy.
 */
export async function writeThroughOpenCode(opencode: EnteredSurface, file: string, content: string): Promise<void> {
  const created = await surfacePost(`${opencode.origin}/pty`, opencode.grant, {
    command: 'sh',
    args: ['-c', 'printf %s "$1" > "$2"', 'sh', content, file],
  });
  expect(created.status, created.text.slice(0, 300)).toBe(200);
  const read = await eventually(
    () => surfaceRequest(`${opencode.origin}/file/content?path=${encodeURIComponent(file)}`, { cookie: opencode.grant }),
    (answer) => answer.status === 200 && (JSON.parse(answer.text) as { content?: string }).content === content,
  );
  expect(JSON.parse(read.text), read.text.slice(0, 300)).toMatchObject({ content });
}

/**
 * A file of the sandbox as VS Code's workbench loads it: the HTTP side of its remote file system
 * (`/vscode-remote-resource`, what the workbench uses for images and downloads), through the proxy.
 */
export async function readThroughVsCode(vscode: EnteredSurface, absolutePath: string): Promise<string> {
  const answer = await surfaceRequest(`${vscode.origin}/vscode-remote-resource?path=${encodeURIComponent(absolutePath)}`, { cookie: vscode.grant });
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return answer.text;
}

/**
 * What the surfaces' own ports answer to a caller that comes without the hub (straight to the
 * published port or the pod's address): OpenCode refuses, code-server sends to its login form.
 */
export async function expectPortsRefuseStrangers(w: SessionWorld, sandboxId: string): Promise<void> {
  const { sandboxes } = w.t.hub.services;
  const opencode = await sandboxes.exposePort(sandboxId, 'surface-opencode');
  expect((await fetch(`http://${opencode.host}:${opencode.port}/session`)).status).toBe(401);
  const vscode = await sandboxes.exposePort(sandboxId, 'surface-vscode');
  const page = await fetch(`http://${vscode.host}:${vscode.port}/`, { redirect: 'manual' });
  expect(page.status).toBe(302);
  expect(page.headers.get('location')).toMatch(/login/);
}

/** The processes of a sandbox that belong to one of its surfaces, with their environment, as seen inside the sandbox. */
export interface SurfaceProcess {
  pid: number;
  /** `NAME=value` entries of the process's environment. */
  environment: string[];
}

/**
 * The processes inside the sandbox whose environment carries the surface launcher's marker
 * (`NOTEBOOK_HUB_SURFACE=<sandbox>/<surface>`), found with a command run through the hub's own
 * sandbox driver: what a notebook's code, or a terminal in the surface, could read.
 */
export async function surfaceProcessesIn(w: SessionWorld, sandboxId: string, surface: 'vscode' | 'opencode'): Promise<SurfaceProcess[]> {
  const probe = await w.t.hub.services.sandboxes.exec(sandboxId, {
    argv: [
      'sh',
      '-c',
      // Per process: \1 pid \2, then its environment as the kernel keeps it (NUL-separated: values may hold newlines).
      'for p in /proc/[0-9]*; do tr "\\0" "\\n" < "$p/environ" 2>/dev/null | grep -qx "$1" || continue; printf "\\001%s\\002" "${p#/proc/}"; cat "$p/environ" 2>/dev/null; done; true',
      'sh',
      `NOTEBOOK_HUB_SURFACE=${sandboxId}/${surface}`,
    ],
    timeoutMs: 30_000,
    check: true,
  });
  return probe.stdout
    .split('\u0001')
    .slice(1)
    .map((found) => {
      const [pid, environ = ''] = found.split('\u0002');
      return { pid: Number(pid), environment: environ.split('\0').filter((entry) => entry !== '') };
    });
}

/** Asserts that no hub credential is in any of `processes`' environments. */
export function expectNoHubCredential(processes: SurfaceProcess[], credentials: Record<string, string>): void {
  expect(processes.length).toBeGreaterThan(0);
  for (const { pid, environment } of processes) {
    const joined = environment.join('\n');
    for (const [what, value] of Object.entries(credentials)) expect(joined.includes(value), `${what} in the environment of process ${pid}`).toBe(false);
    // Nothing of the hub's own configuration (storage keys, OIDC secrets) either.
    expect(
      environment.filter((entry) => entry.startsWith('SERVICE_')),
      `hub settings in the environment of process ${pid}`,
    ).toEqual([]);
  }
}

/** A POST of a JSON body to a surface's host, with its grant (surfaceRequest sends no body). */
function surfacePost(url: string, grant: string, body: unknown): Promise<SurfaceAnswer> {
  const target = new URL(url);
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers: { host: target.host, cookie: grant, 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
