import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface WebSocketProbeResult {
  /** 101 when the upgrade was accepted. */
  status: number;
  /** The first text message the server sent, when it was accepted. */
  firstMessage: string | null;
}

/**
 * Opens a WebSocket with Node's HTTP client (Node 20 has no WebSocket client without a flag) and
 * reads the first text frame. Enough to prove a server accepts, or refuses, an upgrade.
 */
export function probeWebSocket(url: string, headers: Record<string, string>, timeoutMs = 15_000): Promise<WebSocketProbeResult> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      headers: {
        ...headers,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
      timeout: timeoutMs,
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, firstMessage: null });
    });
    request.on('upgrade', (response, socket, head) => {
      let buffer = head;
      const timer = setTimeout(() => finish(null), timeoutMs);
      const finish = (message: string | null): void => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: response.statusCode ?? 0, firstMessage: message });
      };
      const tryParse = (): void => {
        const frame = parseFrame(buffer);
        if (frame === null) return;
        if (frame.opcode === 1) return finish(frame.payload.toString('utf8'));
        if (frame.opcode === 8) return finish(null);
        buffer = buffer.subarray(frame.length);
        tryParse();
      };
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        tryParse();
      });
      socket.on('error', () => finish(null));
      tryParse();
    });
    request.end();
  });
}

/** One unmasked server frame (RFC 6455 5.2); null until it is complete. Fragmentation is not handled. */
function parseFrame(buffer: Buffer): { opcode: number; payload: Buffer; length: number } | null {
  if (buffer.length < 2) return null;
  const opcode = buffer[0]! & 0x0f;
  let length = buffer[1]! & 0x7f;
  let offset = 2;
  if (length === 126) {
    if (buffer.length < 4) return null;
    length = buffer.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    if (buffer.length < 10) return null;
    length = Number(buffer.readBigUInt64BE(2));
    offset = 10;
  }
  if (buffer.length < offset + length) return null;
  return { opcode, payload: buffer.subarray(offset, offset + length), length: offset + length };
}
