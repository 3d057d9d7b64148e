import { systemResolver } from './checked-addresses.js';
import { OutboundClient } from './outbound-client.js';
import type { HubSettings } from '../../config/settings.js';
import type { OutboundPolicy } from '../../core/outbound/outbound-policy.js';
import type { Logger } from '../../core/ports/logger.js';
import type { NameResolver } from '../../core/ports/name-resolver.js';
import { NO_TRACING, type Tracer } from '../../core/ports/tracing.js';

/** What calls out to URLs people or administrators gave (docs/outbound-requests.md). */
export type OutboundFeature = 'git' | 'alerts' | 'oidc' | 'ai' | 'integrations' | 'environments' | 'remotes';

/** How long a call may take unless the feature says otherwise. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Each feature's outbound-request policy: the one deny list, the feature's own development
 * switches (plain http and loopback; private networks), and the networks the deployment opened.
 */
export function outboundPolicyOf(settings: HubSettings, feature: OutboundFeature): OutboundPolicy {
  const { allowedNetworks } = settings.outbound;
  switch (feature) {
    case 'git':
      return { allowHttp: settings.git.allowHttp, allowPrivateNetworks: settings.git.allowPrivateNetworks, allowedNetworks };
    case 'alerts':
      return { allowHttp: settings.alerts.allowHttp, allowPrivateNetworks: settings.alerts.allowPrivateNetworks, allowedNetworks };
    case 'oidc':
      return { allowHttp: settings.auth.oidc?.allowHttp ?? false, allowPrivateNetworks: false, allowedNetworks };
    case 'ai':
      return { allowHttp: false, allowPrivateNetworks: false, allowedNetworks };
    case 'integrations':
      // Loopback only through the allow-list; plain http is the tests' own switch (SERVICE_INTEGRATIONS_ALLOW_HTTP).
      return { allowHttp: false, allowPrivateNetworks: settings.integrations.allowPrivateNetworks, allowedNetworks };
    case 'environments':
      // The package index locked environments resolve against and build from (docs/environments.md).
      return { allowHttp: settings.environments.allowHttp, allowPrivateNetworks: settings.environments.allowPrivateNetworks, allowedNetworks };
    case 'remotes':
      // The team hubs this hub pulls from and pushes to (docs/remotes.md).
      return { allowHttp: settings.remotes.allowHttp, allowPrivateNetworks: settings.remotes.allowPrivateNetworks, allowedNetworks };
  }
}

/** The outbound clients of one hub, one per feature, all on the same resolver; closed with the hub. */
export class OutboundClients {
  private readonly clients = new Map<OutboundFeature, OutboundClient>();

  constructor(
    private readonly settings: HubSettings,
    readonly resolve: NameResolver,
    private readonly logger: Logger,
    /** Each call is a client span, its `traceparent` sent along (docs/telemetry.md, "Traces"). */
    private readonly tracer: Tracer = NO_TRACING,
  ) {}

  /** A hub without its own resolver or log (a command-line tool): the system resolver, nothing logged. */
  static quiet(settings: HubSettings): OutboundClients {
    const silent: Logger = { fatal() {}, error() {}, warn() {}, info() {}, debug() {}, child: () => silent };
    return new OutboundClients(settings, systemResolver, silent);
  }

  policy(feature: OutboundFeature): OutboundPolicy {
    return outboundPolicyOf(this.settings, feature);
  }

  client(feature: OutboundFeature): OutboundClient {
    let client = this.clients.get(feature);
    if (!client) {
      client = new OutboundClient({
        feature,
        policy: this.policy(feature),
        resolve: this.resolve,
        logger: this.logger,
        timeoutMs: DEFAULT_TIMEOUT_MS,
        tracer: this.tracer,
      });
      this.clients.set(feature, client);
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.close()));
  }
}
