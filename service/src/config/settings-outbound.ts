import { AllowedNetworks, networkProblem } from '../core/outbound/outbound-policy.js';
import { ConfigError, list, type Env, type SettingDefinition } from './parse.js';

/** The outbound-request policy's deployment-wide part (docs/outbound-requests.md). */
export interface OutboundSettings {
  /**
   * Addresses and networks every outbound connection may reach although the deny list covers them
   * (loopback, private, shared): an internal Git server, the company's identity provider, a model
   * server on this machine. Link-local, metadata, multicast and reserved addresses stay refused.
   */
  allowedNetworks: AllowedNetworks;
}

export const outboundSettingDefinitions: SettingDefinition[] = [
  {
    key: 'SERVICE_OUTBOUND_ALLOWED_NETWORKS',
    group: 'security',
    name: 'Outbound requests: loopback or private addresses and networks the hub may reach (comma-separated)',
    secret: false,
  },
];

export function readOutboundSettings(env: Env): OutboundSettings {
  const entries = list(env, 'SERVICE_OUTBOUND_ALLOWED_NETWORKS');
  for (const entry of entries) {
    const problem = networkProblem(entry);
    if (problem) throw new ConfigError('SERVICE_OUTBOUND_ALLOWED_NETWORKS', `${problem}: list addresses or CIDR networks, comma-separated`);
  }
  return { allowedNetworks: new AllowedNetworks(entries) };
}
