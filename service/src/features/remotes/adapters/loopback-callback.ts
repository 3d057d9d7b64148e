import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the browser is shown when it comes back. */
export interface CallbackPage {
  status: number;
  title: string;
  message: string;
}

export interface LoopbackCallback {
  /** `http://127.0.0.1:<port>/callback`: the redirect URI to register (RFC 8252 section 7.3). */
  redirectUri: string;
  /** Only a callback with this `state` is taken (anything else on this machine may knock on the port). */
  expectState(state: string): void;
  /** Settles once the browser came back with the expected state and `finish` answered. */
  done: Promise<void>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A native app's redirect listener (RFC 8252): 127.0.0.1 on a port the system picks, one path.
 * When the browser comes back with the authorization server's answer, `finish` gets the query
 * (code, state, iss, or an error) and says what the browser is shown; the listener then takes no
 * further callbacks. Used by `notebook-hub remote add` and by hosts whose hub a browser cannot
 * reach (the desktop app's).
 */
export async function listenForSignIn(finish: (query: string) => Promise<CallbackPage>): Promise<LoopbackCallback> {
  let settle: (outcome: { error?: unknown }) => void = () => {};
  const outcome = new Promise<{ error?: unknown }>((resolve) => (settle = resolve));
  let answered = false;
  let expected: string | null = null;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback' || answered) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (expected === null || url.searchParams.get('state') !== expected) {
      send(response, { status: 400, title: 'Not this sign-in', message: 'This address waits for another sign-in. Start again from the command.' });
      return;
    }
    answered = true;
    finish(url.search.slice(1)).then(
      (page) => {
        send(response, page);
        settle({});
      },
      (error: unknown) => {
        send(response, { status: 500, title: 'Sign-in not finished', message: error instanceof Error ? error.message : String(error) });
        settle({ error });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    expectState: (state) => void (expected = state),
    done: outcome.then(({ error }) => {
      if (error !== undefined) throw error;
    }),
    close,
  };
}

function send(response: ServerResponse, page: CallbackPage): void {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escape(page.title)}</title><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem"><h1>${escape(page.title)}</h1><p>${escape(page.message)}</p></body></html>`;
  response
    .writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) })
    .end(body);
}
