import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for an OpenAI-compatible provider (none can run here): it answers every chat completion with `sql` and keeps the requests. */
export interface FakeAiProvider {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  /** The bodies of the chat completions received, as text. */
  requests: string[];
  authorizations: (string | null)[];
  close(): Promise<void>;
}

export async function startFakeAiProvider(sql: string): Promise<FakeAiProvider> {
  const requests: string[] = [];
  const authorizations: (string | null)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
      requests.push(Buffer.concat(chunks).toString('utf8'));
      authorizations.push(request.headers.authorization ?? null);
      const model = (JSON.parse(requests.at(-1)!) as { model: string }).model;
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: `\`\`\`sql\n${sql}\n\`\`\`` }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
