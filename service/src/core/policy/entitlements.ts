export type Entitlement = 'super-admin' | 'project-creator' | 'default-role:viewer' | 'default-role:editor' | 'default-role:manager';

export interface EntitlementRules {
  /** E-mails configured as super admins. */
  superAdmins: readonly string[];
  /** `*` or the e-mails that may create projects. */
  projectCreators: '*' | readonly string[];
  defaultRole: 'viewer' | 'editor' | 'manager' | null;
  /** Local login: its single identity administers the hub. */
  localIdentityIsAdmin: boolean;
}

/** What entitlements are decided from, of a user (identity's user entry is one). */
export interface EntitledUser {
  email: string;
  super_admin: boolean;
  /** The identity provider's subject; `local` for the local login's identity. */
  subject: string | null;
}

export function isSuperAdmin(user: EntitledUser, rules: EntitlementRules): boolean {
  return user.super_admin || rules.superAdmins.includes(user.email) || (rules.localIdentityIsAdmin && user.subject === 'local');
}

/** What a user is entitled to across the deployment (the entitlements of docs/authorization.md). */
export function entitlementsOf(user: EntitledUser, rules: EntitlementRules): Entitlement[] {
  const entitlements: Entitlement[] = [];
  const admin = isSuperAdmin(user, rules);
  if (admin) entitlements.push('super-admin');
  if (admin || rules.projectCreators === '*' || rules.projectCreators.includes(user.email)) entitlements.push('project-creator');
  if (rules.defaultRole) entitlements.push(`default-role:${rules.defaultRole}`);
  return entitlements;
}
