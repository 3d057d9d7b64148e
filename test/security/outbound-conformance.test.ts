import { HttpAlertSender } from '../../service/src/adapters/alerts/http-sender.js';
import { OpenAiCompatibleProvider } from '../../service/src/adapters/ai/openai-compatible-provider.js';
import { GitHubPullRequests } from '../../service/src/adapters/git/change-request-hosts.js';
import { GitCliRemote } from '../../service/src/adapters/git/git-cli-remote.js';
import { OidcClient } from '../../service/src/adapters/oidc/oidc-client.js';
import { OutboundClient } from '../../service/src/adapters/outbound/outbound-client.js';
import { DEFAULT_TIMINGS, HttpRemoteHub } from '../../service/src/features/remotes/adapters/http-remote-hub.js';
import { RemoteHubError } from '../../service/src/features/remotes/core/remote-hub.js';
import { describeOutboundConformance, type OutboundConnector } from '../support/outbound-conformance.js';

/** The outbound client every fetch-based adapter is built on, for one case's setup. */
const clientOf = (setup: Parameters<OutboundConnector['call']>[1], feature: string) =>
  new OutboundClient({ feature, policy: setup.policy, resolve: setup.resolve, logger: setup.logger, timeoutMs: setup.timeoutMs });

const failure = (error: unknown) => ({ ok: false as const, message: (error as Error).message });

describeOutboundConformance('the outbound client (fetch)', {
  logs: true,
  async call(base, setup) {
    const client = clientOf(setup, 'test');
    try {
      await client.fetch(`${base}/anything`);
      return { ok: true };
    } catch (error) {
      return failure(error);
    } finally {
      await client.close();
    }
  },
});

describeOutboundConformance('Git (the git program)', {
  logs: true,
  async call(base, setup) {
    const client = clientOf(setup, 'git');
    try {
      await new GitCliRemote(client, setup.timeoutMs).branches(`${base}/repository.git`, { username: 'hub', password: 'project-token' });
      return { ok: true };
    } catch (error) {
      // A host that answered something that is not Git is an answer too.
      return /does not exist|refused the credentials/.test((error as Error).message) ? { ok: true } : failure(error);
    } finally {
      await client.close();
    }
  },
});

describeOutboundConformance('alert deliveries', {
  logs: false,
  // Alert URLs take plain http only to loopback hosts by name or address.
  allowedName: 'localhost',
  async call(base, setup) {
    const outcome = await new HttpAlertSender(setup.policy, setup.resolve).send({
      url: `${base}/hook`,
      body: '{}',
      headers: { 'content-type': 'application/json' },
      timeoutMs: setup.timeoutMs,
    });
    // The reason is what a manager sees (docs/alerts.md); the detail goes to the log only.
    return outcome.kind === 'response' ? { ok: true } : { ok: false, message: outcome.reason };
  },
});

describeOutboundConformance('OIDC discovery', {
  logs: true,
  async call(base, setup) {
    const client = clientOf(setup, 'oidc');
    try {
      await new OidcClient({ issuer: base, clientId: 'hub', clientSecret: undefined, scopes: 'openid', allowHttp: true }, client).configuration();
      return { ok: true };
    } catch (error) {
      // The listener's `{}` is no discovery document: an answer that was read, not a connection failure.
      const message = (error as Error).message.replace(base, '<issuer>');
      return /the host (could not be reached|is not one the hub may reach)/.test(message) ? { ok: false, message } : { ok: true };
    } finally {
      await client.close();
    }
  },
});

describeOutboundConformance('the managed-AI provider', {
  logs: true,
  async call(base, setup) {
    const client = clientOf(setup, 'ai');
    try {
      const provider = new OpenAiCompatibleProvider({ baseUrl: `${base}/v1`, apiKey: 'deployment-key' }, client, setup.timeoutMs);
      await provider.post('chat/completions', Buffer.from('{}'), new AbortController().signal);
      return { ok: true };
    } catch (error) {
      return failure(error);
    } finally {
      await client.close();
    }
  },
});

describeOutboundConformance('change requests (a provider API)', {
  logs: true,
  async call(base, setup) {
    const client = clientOf(setup, 'git');
    try {
      await new GitHubPullRequests(base, client).open({ repo: 'acme/reports', base: 'main', head: 'proposal', title: 't', body: 'b', token: 'write-token' });
      return { ok: true };
    } catch (error) {
      return /could not be reached/.test((error as Error).message) ? failure(error) : { ok: true };
    } finally {
      await client.close();
    }
  },
});

describeOutboundConformance('a remote hub (its sync API)', {
  logs: true,
  // A remote's URL takes plain http only to loopback hosts by name or address.
  allowedName: 'localhost',
  async call(base, setup) {
    const client = clientOf(setup, 'remotes');
    const connection = { baseUrl: base, accessToken: async () => 'svc_pat_of-the-user', refresh: async () => null };
    try {
      await new HttpRemoteHub(connection, { client, policy: setup.policy }, { ...DEFAULT_TIMINGS, callTimeoutMs: setup.timeoutMs }).hub();
      return { ok: true };
    } catch (error) {
      // The listener's `{}` (or its redirect) is no sync answer: an answer that was read, not a connection failure.
      return error instanceof RemoteHubError && error.failure === 'unreachable' ? failure(error) : { ok: true };
    } finally {
      await client.close();
    }
  },
});
