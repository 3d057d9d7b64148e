import { describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../core/audit/audit-log.js';
import type { SessionStore } from '../../../core/sessions/session-store.js';
import type { SurfaceConfig } from '../../../core/ports/surface-model.js';
import { sessionRecord } from '../../../../../test/support/session-record.js';
import { ManagedAi, type HubAiProviderSource, type ManagedAiProviderConfig } from './managed-ai.js';

const OPENCODE: SurfaceConfig = { id: 'opencode', start: 'on-demand', embed: 'tab', managed_ai: true };

/** A managed AI whose providers only record what they were made with (no provider is called here). */
function managedAi(options: { settings?: ManagedAiProviderConfig; source?: HubAiProviderSource }) {
  let now = 0;
  const made: Pick<ManagedAiProviderConfig, 'baseUrl' | 'apiKey'>[] = [];
  const ai = new ManagedAi({
    settings: options.settings ? { ...options.settings, sandboxUrl: null } : null,
    sandboxUrl: 'http://hub.internal:8321',
    providerFor: (config) => (made.push(config), { post: () => Promise.reject(new Error('not called here')) }),
    sessions: {} as SessionStore,
    audit: {} as AuditLog,
    sandboxesOnThisMachine: false,
    now: () => now,
  });
  ai.useIntegrations(options.source ?? null);
  return { ai, made, advance: (ms: number) => (now += ms) };
}

/** The organization's provider as the integrations answer it; `answer` changes what it says. */
function organization(initial: (ManagedAiProviderConfig & { integrationId: string }) | null | Error) {
  const source = {
    answer: initial,
    reads: 0,
    async hubAiProvider() {
      source.reads++;
      if (source.answer instanceof Error) throw source.answer;
      return source.answer;
    },
  };
  return source;
}

const ORG = { integrationId: 'intg-0000000000000001', baseUrl: 'https://gateway.example.com/v1', apiKey: 'sk-org', models: ['org-model', 'org-large'] };

/** Where OpenCode's managed model gets its provider (docs/surfaces.md, "Managed AI"). */
describe("managed AI's provider", () => {
  it("takes the organization's integration when the deployment names none, and offers its models", async () => {
    const source = organization(ORG);
    const { ai, made } = managedAi({ source });
    const record = { ...sessionRecord('edit'), state: 'running' as const };
    const offer = await ai.offer(record, OPENCODE, 'start-secret');
    expect(offer).toMatchObject({ baseUrl: 'http://hub.internal:8321/ai/v1', models: ['org-model', 'org-large'] });
    expect(offer!.apiKey).toMatch(new RegExp(`^nbhai\\.${record.project_id}\\.${record.id}\\.`));
    expect(made).toEqual([{ baseUrl: ORG.baseUrl, apiKey: 'sk-org', models: ORG.models }]);
    expect(ai.unavailable(OPENCODE)).toBeNull();
  });

  it('lets the deployment settings win, without reading the integrations', async () => {
    const source = organization(ORG);
    const { ai } = managedAi({ settings: { baseUrl: 'https://llm.example.org/v1', apiKey: 'sk-deploy', models: ['deploy-model'] }, source });
    const offer = await ai.offer(sessionRecord('edit'), OPENCODE, 'start-secret');
    expect(offer!.models).toEqual(['deploy-model']);
    expect(source.reads).toBe(0);
  });

  it('reads the integration again after a few seconds, and at once for a start of OpenCode', async () => {
    const source = organization(null);
    const { ai, made, advance } = managedAi({ source });
    expect('unavailable' in (await ai.provider())).toBe(true);
    source.answer = ORG;
    // Within the few seconds: the answer read a moment ago.
    expect('unavailable' in (await ai.provider())).toBe(true);
    expect(await ai.offer(sessionRecord('edit'), OPENCODE, 's')).not.toBeNull();
    source.answer = { ...ORG, apiKey: 'sk-rotated' };
    advance(6_000);
    await ai.provider();
    expect(made.map((config) => config.apiKey)).toEqual(['sk-org', 'sk-rotated']);
    // The same configuration read again makes no new provider.
    advance(6_000);
    await ai.provider();
    expect(made).toHaveLength(2);
  });

  it('says why there is no managed model: no provider, or a key that cannot be read', async () => {
    const none = managedAi({ source: organization(null) });
    await none.ai.provider();
    expect(none.ai.unavailable(OPENCODE)).toMatch(/no AI provider configured \(SERVICE_AI_BASE_URL .* or an organization openai integration/);
    expect(await none.ai.offer(sessionRecord('edit'), OPENCODE, 's')).toBeNull();

    const unreadable = managedAi({ source: organization(new Error("the variable TEAM_AI_KEY is not set in the hub's environment")) });
    await unreadable.ai.provider();
    expect(unreadable.ai.unavailable(OPENCODE)).toBe(
      "OpenCode has no managed model: the key of the organization's AI provider integration cannot be read (the variable TEAM_AI_KEY is not set in the hub's environment)",
    );
    await expect(unreadable.ai.models('nbhai.a.b.c')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
