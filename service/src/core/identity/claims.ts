import { LABEL_PATTERN, MAX_COMPARTMENTS, type SecurityContext } from '../policy/security-labels.js';

/** A group's name as claims carry it and project group members name it. */
export const GROUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._:@ -]{0,127}$/;

export interface ClaimSettings {
  clearanceClaim: string;
  compartmentsClaim: string;
  groupsClaim: string;
  classificationOrder: readonly string[];
  policyVersion: string;
}

/** The identity provider's groups for the user; names the hub cannot store are dropped. */
export function groupsFromClaims(claims: Record<string, unknown>, settings: ClaimSettings): string[] {
  const value = claims[settings.groupsClaim];
  const groups = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(groups.filter((group): group is string => typeof group === 'string' && GROUP_NAME.test(group)))].sort();
}

/**
 * The clearance the provider asserts, as a security context valid until `expiresAt`; null when
 * the claims carry no clearance the deployment's classification order knows.
 */
export function contextFromClaims(claims: Record<string, unknown>, settings: ClaimSettings, expiresAt: string): SecurityContext | null {
  const classification = claims[settings.clearanceClaim];
  if (typeof classification !== 'string' || !settings.classificationOrder.includes(classification)) return null;
  const raw = claims[settings.compartmentsClaim];
  const compartments = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [])
    .filter((compartment): compartment is string => typeof compartment === 'string' && LABEL_PATTERN.test(compartment))
    .slice(0, MAX_COMPARTMENTS);
  return { schemaVersion: 1, classification, compartments: [...new Set(compartments)].sort(), policyVersion: settings.policyVersion, expiresAt };
}

/** Local login's single identity administers the machine it runs on: it is cleared for everything. */
export function fullClearance(settings: Pick<ClaimSettings, 'classificationOrder' | 'policyVersion'>, expiresAt: string): SecurityContext | null {
  const highest = settings.classificationOrder.at(-1);
  return highest === undefined ? null : { schemaVersion: 1, classification: highest, compartments: ['*'], policyVersion: settings.policyVersion, expiresAt };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The e-mail claim, when it is one. */
export function emailClaim(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim()) ? value.trim() : null;
}

/** `email_verified`: some providers send the flag as a string; null when they do not say. */
export function verifiedClaim(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

export function textClaim(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return value.trim().slice(0, 200);
}

/** Only http(s) URLs: the picture ends up in an `<img src>` of the hub's pages. */
export function pictureClaim(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
