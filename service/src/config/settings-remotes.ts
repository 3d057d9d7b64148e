import { strictBoolean, type Env, type SettingDefinition } from './parse.js';

/** Remotes: the other hubs this one pulls projects from and pushes versions to (docs/remotes.md). */
export interface RemotesSettings {
  /** A hub on this machine (loopback), over plain http too: development and tests only. */
  allowHttp: boolean;
  /** Hubs on private network addresses (a company's hub on its internal network). */
  allowPrivateNetworks: boolean;
}

export const remotesSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_REMOTES_ALLOW_HTTP', group: 'remotes', name: 'Remotes: allow a hub on this machine, over plain http', secret: false },
  { key: 'SERVICE_REMOTES_ALLOW_PRIVATE_NETWORKS', group: 'remotes', name: 'Remotes: allow hubs on private networks', secret: false },
];

export function readRemotesSettings(env: Env): RemotesSettings {
  return {
    allowHttp: strictBoolean(env, 'SERVICE_REMOTES_ALLOW_HTTP', false),
    allowPrivateNetworks: strictBoolean(env, 'SERVICE_REMOTES_ALLOW_PRIVATE_NETWORKS', false),
  };
}
