import type { ClaimSettings } from '../core/identity/claims.js';
import { ConfigError, list, text, type Env, type SettingDefinition } from './parse.js';

export interface SecuritySettings {
  /** Classification levels, lowest first; empty: projects cannot carry security labels. */
  classificationOrder: string[];
  /** Contexts issued under another policy version no longer clear anything. */
  policyVersion: string;
  /** OIDC claims carrying a user's clearance, compartments and groups. */
  clearanceClaim: string;
  compartmentsClaim: string;
  groupsClaim: string;
}

/** What claim mapping needs from the settings. */
export function claimSettingsOf(settings: { security: SecuritySettings }): ClaimSettings {
  const { clearanceClaim, compartmentsClaim, groupsClaim, classificationOrder, policyVersion } = settings.security;
  return { clearanceClaim, compartmentsClaim, groupsClaim, classificationOrder, policyVersion };
}

export const securitySettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_CLASSIFICATION_ORDER', group: 'security', name: 'Classification levels, lowest first', secret: false },
  { key: 'SERVICE_SECURITY_POLICY_VERSION', group: 'security', name: 'Security policy version', secret: false },
  { key: 'SERVICE_OIDC_CLEARANCE_CLAIM', group: 'security', name: 'OIDC claim with the clearance', secret: false },
  { key: 'SERVICE_OIDC_COMPARTMENTS_CLAIM', group: 'security', name: 'OIDC claim with the compartments', secret: false },
  { key: 'SERVICE_OIDC_GROUPS_CLAIM', group: 'security', name: 'OIDC claim with the groups', secret: false },
];

const LABEL = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/;
const CLAIM = /^[A-Za-z0-9_.:/-]{1,128}$/;

export function readSecuritySettings(env: Env): SecuritySettings {
  const classificationOrder = list(env, 'SERVICE_CLASSIFICATION_ORDER');
  const bad = classificationOrder.find((level) => !LABEL.test(level));
  if (bad) throw new ConfigError('SERVICE_CLASSIFICATION_ORDER', `contains ${JSON.stringify(bad)}, which is not a valid label`);
  if (new Set(classificationOrder).size !== classificationOrder.length) throw new ConfigError('SERVICE_CLASSIFICATION_ORDER', 'lists a level twice');
  const claim = (name: string, fallback: string) => {
    const value = text(env, name) ?? fallback;
    if (!CLAIM.test(value)) throw new ConfigError(name, 'must be a claim name');
    return value;
  };
  const policyVersion = text(env, 'SERVICE_SECURITY_POLICY_VERSION') ?? '1';
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(policyVersion)) throw new ConfigError('SERVICE_SECURITY_POLICY_VERSION', 'must be a short version string');
  return {
    classificationOrder,
    policyVersion,
    clearanceClaim: claim('SERVICE_OIDC_CLEARANCE_CLAIM', 'clearance'),
    compartmentsClaim: claim('SERVICE_OIDC_COMPARTMENTS_CLAIM', 'compartments'),
    groupsClaim: claim('SERVICE_OIDC_GROUPS_CLAIM', 'groups'),
  };
}
