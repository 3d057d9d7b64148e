/** The deployment's AI provider (`SERVICE_AI_*`, docs/configuration.md). */
export interface ManagedAiSettings {
  /** OpenAI-compatible: `<baseUrl>/chat/completions`. */
  baseUrl: string;
  /** Null for a provider that asks for none. */
  apiKey: string | null;
  models: string[];
  /** The hub's URL as sandboxes reach it; null: the listen address, for sandboxes on this machine. */
  sandboxUrl: string | null;
}

/** The provider's answer, passed on to the caller as it arrives (a stream of server-sent events, say). */
export interface AiProviderAnswer {
  status: number;
  contentType: string | null;
  body: AsyncIterable<Uint8Array>;
}

/**
 * The deployment's OpenAI-compatible AI provider (docs/surfaces.md, "Managed AI"). The adapter
 * holds the provider's URL and key; callers never see the key.
 */
export interface AiProvider {
  /** POSTs a JSON body to `<provider base URL>/<path>` with the deployment's key. */
  post(path: string, body: Uint8Array, signal: AbortSignal): Promise<AiProviderAnswer>;
}
