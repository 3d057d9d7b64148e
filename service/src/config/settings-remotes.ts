import { strictBoolean, type Env, type SettingDefinition } from './parse.js';

/** Remotes: the team hubs this hub pulls from and pushes to (docs/remotes.md). */
export interface RemoteSettings {
  /** Team hubs on loopback addresses, over plain http too (local development and tests). */
  allowHttp: boolean;
  /** Team hubs on private (RFC 1918, unique-local, shared) addresses: a team hub inside the company network. */
  allowPrivateNetworks: boolean;
}

export const remoteSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_REMOTES_ALLOW_HTTP', group: 'remotes', name: 'Allow plain-http loopback team hubs', secret: false },
  { key: 'SERVICE_REMOTES_ALLOW_PRIVATE_NETWORKS', group: 'remotes', name: 'Allow team hubs on private networks', secret: false },
];

export function readRemoteSettings(env: Env): RemoteSettings {
  return {
    allowHttp: strictBoolean(env, 'SERVICE_REMOTES_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_REMOTES_ALLOW_PRIVATE_NETWORKS', false),
  };
}
