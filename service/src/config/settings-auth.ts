import { ConfigError, httpUrl, integer, list, oneOf, requiredText, strictBoolean, text, type Env, type SettingDefinition } from './parse.js';

export type AssignableRoleSetting = 'manager' | 'editor' | 'viewer';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** Plain-http issuers are refused unless explicitly allowed (development and tests only). */
  allowHttp: boolean;
}

export interface AuthSettings {
  kind: 'local' | 'oidc';
  /** E-mails of super admins (in addition to users granted the role by an operator). */
  superAdmins: string[];
  /** `*` lets every user create projects; otherwise the e-mails allowed to (super admins always may). */
  projectCreators: '*' | string[];
  defaultRole: AssignableRoleSetting | null;
  loginSessionHours: number;
  localUserEmail: string;
  oidc: OidcSettings | null;
}

export const authSettingDefinitions: SettingDefinition[] = [
  { key: 'SERVICE_AUTH', group: 'auth', name: 'Authentication backend', secret: false },
  { key: 'SERVICE_SUPER_ADMINS', group: 'auth', name: 'Super admins (e-mails)', secret: false },
  { key: 'SERVICE_PROJECT_CREATORS', group: 'auth', name: 'Project creators (* or e-mails)', secret: false },
  { key: 'SERVICE_DEFAULT_ROLE', group: 'auth', name: 'Default role for non-members', secret: false },
  { key: 'SERVICE_LOGIN_SESSION_HOURS', group: 'auth', name: 'Login session lifetime (hours)', secret: false },
  { key: 'SERVICE_LOCAL_USER_EMAIL', group: 'auth', name: 'Local login identity', secret: false },
  { key: 'SERVICE_OIDC_ISSUER', group: 'auth', name: 'OIDC issuer', secret: false },
  { key: 'SERVICE_OIDC_CLIENT_ID', group: 'auth', name: 'OIDC client id', secret: false },
  { key: 'SERVICE_OIDC_CLIENT_SECRET', group: 'auth', name: 'OIDC client secret', secret: true },
  { key: 'SERVICE_OIDC_SCOPES', group: 'auth', name: 'OIDC scopes', secret: false },
  { key: 'SERVICE_OIDC_ALLOW_HTTP', group: 'auth', name: 'Allow a plain-http OIDC issuer', secret: false },
];

const EMAIL = /^[^\s@,]+@[^\s@,]+$/;

function emails(env: Env, name: string): string[] {
  const values = list(env, name).map((value) => value.toLowerCase());
  const bad = values.find((value) => !EMAIL.test(value));
  if (bad) throw new ConfigError(name, `contains ${JSON.stringify(bad)}, which is not an e-mail address`);
  return values;
}

export function readAuthSettings(env: Env): AuthSettings {
  const kind = oneOf(env, 'SERVICE_AUTH', ['local', 'oidc'] as const, 'local');
  const creators = text(env, 'SERVICE_PROJECT_CREATORS');
  const defaultRole = oneOf(env, 'SERVICE_DEFAULT_ROLE', ['manager', 'editor', 'viewer', 'none'] as const, 'none');
  const localUserEmail = (text(env, 'SERVICE_LOCAL_USER_EMAIL') ?? 'admin@localhost').toLowerCase();
  if (!EMAIL.test(localUserEmail)) throw new ConfigError('SERVICE_LOCAL_USER_EMAIL', 'must be an e-mail address');
  return {
    kind,
    superAdmins: emails(env, 'SERVICE_SUPER_ADMINS'),
    projectCreators: creators === undefined || creators === '*' ? '*' : emails(env, 'SERVICE_PROJECT_CREATORS'),
    defaultRole: defaultRole === 'none' ? null : defaultRole,
    loginSessionHours: integer(env, 'SERVICE_LOGIN_SESSION_HOURS', 12, { min: 1, max: 24 * 30 }),
    localUserEmail,
    oidc: kind === 'oidc' ? readOidc(env) : null,
  };
}

function readOidc(env: Env): OidcSettings {
  const why = 'when SERVICE_AUTH=oidc';
  const allowHttp = strictBoolean(env, 'SERVICE_OIDC_ALLOW_HTTP', false);
  const issuer = httpUrl(env, 'SERVICE_OIDC_ISSUER') ?? requiredText(env, 'SERVICE_OIDC_ISSUER', why);
  if (!allowHttp && new URL(issuer).protocol !== 'https:') {
    throw new ConfigError('SERVICE_OIDC_ISSUER', 'must be an https URL (set SERVICE_OIDC_ALLOW_HTTP=true only for local development)');
  }
  const scopes = text(env, 'SERVICE_OIDC_SCOPES') ?? 'openid email profile';
  if (!scopes.split(/\s+/).includes('openid')) throw new ConfigError('SERVICE_OIDC_SCOPES', 'must include "openid"');
  return {
    issuer,
    clientId: requiredText(env, 'SERVICE_OIDC_CLIENT_ID', why),
    clientSecret: text(env, 'SERVICE_OIDC_CLIENT_SECRET'),
    scopes,
    allowHttp,
  };
}
