/** A project's (or notebook's) labels: a classification level and the compartments it belongs to. */
export interface SecurityLabels {
  classification: string;
  compartments: string[];
}

/**
 * What a caller is cleared for, carried by their session (from the identity provider's claims) or
 * copied into a token when it is created. `compartments` may hold `*`: every compartment.
 */
export interface SecurityContext {
  schemaVersion: 1;
  classification: string;
  compartments: string[];
  policyVersion: string;
  expiresAt: string;
}

export const LABEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/;
export const MAX_COMPARTMENTS = 64;

/** Labels as stored: compartments sorted and unique, so equal labels compare equal. */
export function normalizeLabels(labels: SecurityLabels | null | undefined): SecurityLabels | null {
  if (!labels) return null;
  return { classification: labels.classification, compartments: [...new Set(labels.compartments)].sort() };
}

export interface LabelPolicy {
  /** Classification levels, lowest first. Empty: security labels are not in use. */
  classificationOrder: readonly string[];
  policyVersion: string;
}

export type ConstraintOutcome = { ok: true } | { ok: false; reason: 'missing-context' | 'constraint' | 'unavailable'; detail: string };

/**
 * Whether a context clears the labels: its classification at least theirs, and every compartment
 * of the labels in the context. A context from another policy version or past its expiry no
 * longer counts; a label the deployment's classification order does not know cannot be decided.
 */
export function checkLabels(labels: SecurityLabels[], context: SecurityContext | null, policy: LabelPolicy, now: Date): ConstraintOutcome {
  if (labels.length === 0) return { ok: true };
  const rank = (classification: string) => policy.classificationOrder.indexOf(classification);
  for (const label of labels) {
    if (rank(label.classification) < 0) {
      return { ok: false, reason: 'unavailable', detail: `classification ${label.classification} is not in the deployment's classification order` };
    }
  }
  if (!context) return { ok: false, reason: 'missing-context', detail: 'the resource is labelled and the caller presents no security context' };
  if (context.policyVersion !== policy.policyVersion) {
    return { ok: false, reason: 'constraint', detail: `the security context is for policy version ${context.policyVersion}, not ${policy.policyVersion}` };
  }
  if (!(Date.parse(context.expiresAt) > now.getTime())) return { ok: false, reason: 'constraint', detail: 'the security context has expired' };
  if (rank(context.classification) < 0) {
    return { ok: false, reason: 'unavailable', detail: `the context's classification ${context.classification} is not in the classification order` };
  }
  for (const label of labels) {
    if (rank(context.classification) < rank(label.classification)) {
      return { ok: false, reason: 'constraint', detail: `clearance ${context.classification} is below ${label.classification}` };
    }
    const missing = context.compartments.includes('*') ? [] : label.compartments.filter((compartment) => !context.compartments.includes(compartment));
    if (missing.length > 0) return { ok: false, reason: 'constraint', detail: `not cleared for compartment(s) ${missing.join(', ')}` };
  }
  return { ok: true };
}

/**
 * Whether changing labels from `before` to `after` raises them (higher classification or more
 * compartments), lowers them, both, or neither. Raising and lowering are separate actions.
 */
export function labelChange(before: SecurityLabels | null, after: SecurityLabels | null, policy: LabelPolicy): { raises: boolean; lowers: boolean } {
  const rank = (labels: SecurityLabels | null) => (labels ? policy.classificationOrder.indexOf(labels.classification) : -1);
  const compartments = (labels: SecurityLabels | null) => new Set(labels?.compartments ?? []);
  const [a, b] = [compartments(before), compartments(after)];
  const added = [...b].some((compartment) => !a.has(compartment));
  const removed = [...a].some((compartment) => !b.has(compartment));
  return { raises: rank(after) > rank(before) || added, lowers: rank(after) < rank(before) || removed };
}
