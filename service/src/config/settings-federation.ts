import { integer, oneOf, type Env, type SettingDefinition } from './parse.js';

/** Workload identity: the hub as an OpenID Connect issuer for its sessions and job runs (docs/federation.md). */
export interface FederationSettings {
  /** `SERVICE_FEDERATION=on`: the issuer's documents are served, its keys rotated, and projects' workloads get tokens. */
  enabled: boolean;
  /** How long a workload token is valid; also how long a rotated key stays published after its rotation. */
  tokenLifetimeSeconds: number;
  /** How old the signing key gets before the rotation loop replaces it. */
  keyRotationDays: number;
}

export const federationSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_FEDERATION', group: 'federation', name: 'Workload identity: tokens for sessions and job runs (on or off)', secret: false },
  { key: 'SERVICE_FEDERATION_TOKEN_LIFETIME_SECONDS', group: 'federation', name: 'Workload identity: how long a token is valid (seconds)', secret: false },
  { key: 'SERVICE_FEDERATION_KEY_ROTATION_DAYS', group: 'federation', name: 'Workload identity: how often the signing key is replaced (days)', secret: false },
];

export function readFederationSettings(env: Env): FederationSettings {
  return {
    enabled: oneOf(env, 'SERVICE_FEDERATION', ['on', 'off'], 'on') === 'on',
    // At least a minute, so a token outlives its delivery; at most an hour: a leaked token is short-lived, refreshes cover longer work.
    tokenLifetimeSeconds: integer(env, 'SERVICE_FEDERATION_TOKEN_LIFETIME_SECONDS', 900, { min: 60, max: 3600 }),
    keyRotationDays: integer(env, 'SERVICE_FEDERATION_KEY_ROTATION_DAYS', 30, { min: 1, max: 365 }),
  };
}
