import type { AiProvider, AiProviderAnswer } from '../../core/ports/ai-provider.js';
import type { ManagedAiSettings } from '../../core/ports/ai-provider.js';

/** How long the provider may take to begin its answer (a streamed answer may then take longer). */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * An OpenAI-compatible provider over HTTP (docs/surfaces.md, "Managed AI"): the request body is
 * sent as it came, with the deployment's key; the answer streams back unchanged.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  constructor(private readonly settings: Pick<ManagedAiSettings, 'baseUrl' | 'apiKey'>) {}

  async post(path: string, body: Uint8Array, signal: AbortSignal): Promise<AiProviderAnswer> {
    const response = await fetch(`${this.settings.baseUrl}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(ANSWER_TIMEOUT_MS)]),
      redirect: 'error',
    });
    const stream = response.body;
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: stream ?? (async function* () {})(),
    };
  }
}
