import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

/**
 * What marimo's own frontend does, reduced to what tests need: open the kernel socket of a
 * session (through whatever URL, the hub's proxy or marimo directly) and call its HTTP API with
 * the same marimo session id.
 */
export interface MarimoConnection {
  socket: WebSocket;
  marimoSessionId: string;
  /** Messages received so far (parsed JSON). */
  messages: { op: string; data: unknown }[];
  waitFor(op: string, timeoutMs?: number): Promise<{ op: string; data: unknown }>;
  close(): void;
}

/**
 * `marimoSessionId`: reconnecting with the id of an earlier connection resumes its kernel as the
 * editor; a new id joins an existing kernel read-only.
 */
export async function connectKernel(
  root: string,
  headers: Record<string, string>,
  file = 'notebook.py',
  marimoSessionId = `s_${randomBytes(4).toString('hex')}`,
): Promise<MarimoConnection> {
  const url = `${root.replace(/^http/, 'ws')}/ws?session_id=${marimoSessionId}&file=${encodeURIComponent(file)}`;
  const socket = new WebSocket(url, { headers });
  const messages: { op: string; data: unknown }[] = [];
  const waiters: { op: string; resolve: (message: { op: string; data: unknown }) => void }[] = [];
  socket.on('message', (raw) => {
    let message: { op: string; data: unknown };
    try {
      message = JSON.parse(raw.toString()) as { op: string; data: unknown };
    } catch {
      return;
    }
    messages.push(message);
    for (const waiter of waiters.splice(0)) {
      if (waiter.op === message.op) waiter.resolve(message);
      else waiters.push(waiter);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused with ${response.statusCode}`)));
  });
  return {
    socket,
    marimoSessionId,
    messages,
    // A kernel starts in its own process: on a busy machine that alone can take half a minute.
    waitFor(op, timeoutMs = 60_000) {
      const seen = messages.find((message) => message.op === op);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${op} message within ${timeoutMs} ms (got ${messages.map((m) => m.op).join(', ')})`)), timeoutMs);
        waiters.push({ op, resolve: (message) => (clearTimeout(timer), resolve(message)) });
      });
    },
    close: () => socket.close(),
  };
}

/** The skew-protection token marimo embeds in its page; its API wants it back on every call. */
export function serverTokenOf(html: string): string | null {
  return /data-token="([^"]+)"/.exec(html)?.[1] ?? /"serverToken"\s*:\s*"([^"]+)"/.exec(html)?.[1] ?? null;
}

interface KernelReady {
  codes: string[];
  names: string[];
  cell_ids: string[];
  configs: unknown[];
}

/**
 * Saves the notebook the way marimo's editor does after a change: the cells of the kernel-ready
 * message with their code replaced by `edit`, posted with the connection's marimo session id.
 */
export async function saveCells(
  root: string,
  headers: Record<string, string>,
  connection: MarimoConnection,
  serverToken: string,
  edit: (codes: string[]) => string[],
  filename = 'notebook.py',
): Promise<Response> {
  const ready = (await connection.waitFor('kernel-ready')).data as KernelReady;
  return fetch(`${root}/api/kernel/save`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'marimo-session-id': connection.marimoSessionId, 'marimo-server-token': serverToken },
    body: JSON.stringify({ cellIds: ready.cell_ids, codes: edit(ready.codes), names: ready.names, configs: ready.configs, filename, persist: true }),
  });
}
