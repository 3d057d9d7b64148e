import type { AiProvider, AiProviderAnswer } from '../../core/ports/ai-provider.js';
import type { ManagedAiSettings } from '../../core/ports/ai-provider.js';
import type { OutboundClient } from '../outbound/outbound-client.js';

/** How long the provider may take to begin its answer (a streamed answer may then take longer). */
const ANSWER_TIMEOUT_MS = 120_000;

/**
 * An OpenAI-compatible provider over HTTP (docs/surfaces.md, "Managed AI"): the request body is
 * sent as it came, with the deployment's key; the answer streams back unchanged. The connection
 * goes through the outbound-request policy (docs/outbound-requests.md): a provider on this
 * machine or a private network must be in SERVICE_OUTBOUND_ALLOWED_NETWORKS, and a redirect fails
 * the call rather than carry the key elsewhere.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  constructor(
    private readonly settings: Pick<ManagedAiSettings, 'baseUrl' | 'apiKey'>,
    private readonly outbound: OutboundClient,
    private readonly answerTimeoutMs = ANSWER_TIMEOUT_MS,
  ) {}

  async post(path: string, body: Uint8Array, signal: AbortSignal): Promise<AiProviderAnswer> {
    const response = await this.outbound.fetch(`${this.settings.baseUrl}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body,
      signal,
      timeoutMs: this.answerTimeoutMs,
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
