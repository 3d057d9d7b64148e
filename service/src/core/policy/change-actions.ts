import type { PolicyAction } from './actions.js';
import { labelChange, normalizeLabels, type LabelPolicy, type SecurityLabels } from './security-labels.js';

/** A notebook's settings fields that only a manager sets (`integrations`: what its sandboxes and apps receive). */
export const MANAGED_NOTEBOOK_FIELDS = ['status', 'compute_profile', 'base_image', 'integrations'] as const;

/** What a notebook create or update sets among the fields the policy weighs. */
export interface NotebookSettingsChange {
  status?: string | undefined;
  compute_profile?: string | null | undefined;
  base_image?: string | null | undefined;
  integrations?: object | undefined;
  security_labels?: SecurityLabels | null | undefined;
}

/** The deployment's rules a settings change is weighed by. */
export interface ChangeRules {
  labels: LabelPolicy;
  /** SERVICE_COMPUTE_PROFILE_OVERRIDE: `editors` lets editors pick a notebook's compute profile. */
  computeProfileOverride: 'none' | 'editors';
}

/**
 * The actions changing security labels from `before` to `requested` needs: raising them (a higher
 * classification, more compartments) is `security-labels.raise`, lowering them
 * `security-labels.lower`; a change that does both needs both.
 */
export function labelChangeActions(before: SecurityLabels | null, requested: SecurityLabels | null | undefined, policy: LabelPolicy): PolicyAction[] {
  if (requested === undefined) return [];
  const change = labelChange(before, normalizeLabels(requested), policy);
  return [...(change.raises ? (['security-labels.raise'] as const) : []), ...(change.lowers ? (['security-labels.lower'] as const) : [])];
}

/**
 * The actions a notebook's settings change needs beyond `notebook.write`, the same when creating
 * (`change` then holds what differs from a new notebook's defaults) and when updating: a managed
 * field sent (even with an unchanged value: the notebook may change between the check and the
 * write) needs `notebook.manage`, except the compute profile where editors may pick it; labels
 * going up or down need their label actions. Each is then decided by the policy decision.
 */
export function notebookSettingsActions(change: NotebookSettingsChange, labelsBefore: SecurityLabels | null, rules: ChangeRules): PolicyAction[] {
  const managed = MANAGED_NOTEBOOK_FIELDS.some(
    (field) => change[field] !== undefined && !(field === 'compute_profile' && rules.computeProfileOverride === 'editors'),
  );
  return [...(managed ? (['notebook.manage'] as const) : []), ...labelChangeActions(labelsBefore, change.security_labels, rules.labels)];
}
