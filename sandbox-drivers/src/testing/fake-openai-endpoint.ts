import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the endpoint received. */
export interface ReceivedCompletion {
  authorization: string | undefined;
  model: string;
}

/**
 * A stand-in for a language model behind an OpenAI-compatible API, on 127.0.0.1: no model can run
 * here. It answers every `/v1/chat/completions` with one fixed reply (streamed when asked), which
 * is enough to see that a surface reaches the endpoint it was given, with the key it was given.
 */
export async function startFakeOpenAiEndpoint(reply: string): Promise<{ baseUrl: string; received: ReceivedCompletion[]; close: () => Promise<void> }> {
  const received: ReceivedCompletion[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const asked = JSON.parse(body) as { model: string; stream?: boolean };
      received.push({ authorization: request.headers.authorization, model: asked.model });
      const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
      if (!asked.stream) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'fake',
            object: 'chat.completion',
            created: 0,
            model: asked.model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
            usage,
          }),
        );
        return;
      }
      const chunk = (choice: object, extra: object = {}) =>
        `data: ${JSON.stringify({ id: 'fake', object: 'chat.completion.chunk', created: 0, model: asked.model, choices: [choice], ...extra })}\n\n`;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(chunk({ index: 0, delta: { role: 'assistant', content: reply }, finish_reason: null }));
      response.write(chunk({ index: 0, delta: {}, finish_reason: 'stop' }, { usage }));
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
