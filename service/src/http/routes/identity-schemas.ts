import { Type } from 'typebox';
import type { TokenRecord } from '../../core/identity/access-tokens.js';
import type { UserEntry } from '../../core/identity/users.js';
import { POLICY_ACTIONS } from '../../core/policy/actions.js';
import type { SignedInUser } from '../../core/use-cases/tokens.js';
import { DateTime, Nullable } from '../schemas.js';

export const LOGOUT_PATH = '/api/v1/auth/logout';

export const Me = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Nullable(Type.String()),
    picture_url: Nullable(Type.String({ format: 'uri' })),
    logout_url: Nullable(Type.String()),
    is_super_admin: Type.Boolean(),
    can_create_projects: Type.Boolean(),
  },
  { $id: 'Me' },
);

export const ResolvedUser = Type.Object(
  { id: Type.String(), email: Type.String(), name: Nullable(Type.String()), picture_url: Nullable(Type.String()) },
  { $id: 'ResolvedUser' },
);

export const AdminUser = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    updated_at: DateTime,
    suspended_at: Nullable(DateTime),
    is_super_admin: Type.Boolean(),
  },
  { $id: 'AdminUser' },
);

export const TokenScope = Type.Object(
  {
    actions: Type.Union([Type.Literal('*'), Type.Array(Type.Enum([...POLICY_ACTIONS]), { minItems: 1, uniqueItems: true })]),
    projects: Type.Union([Type.Literal('*'), Type.Array(Type.String({ pattern: '^proj-[0-9a-z]{16}$' }), { minItems: 1, maxItems: 100, uniqueItems: true })]),
  },
  { $id: 'TokenScope', additionalProperties: false, description: 'Narrows what the token may do; it never adds permissions' },
);

export const TokenInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scope: TokenScope,
    created_at: DateTime,
    expires_at: Nullable(DateTime),
    expired: Type.Boolean(),
  },
  { $id: 'TokenInfo' },
);

export const CreatedToken = Type.Object(
  {
    token: Type.String({ description: 'The token value; shown only in this response' }),
    id: Type.String(),
    name: Type.String(),
    scope: TokenScope,
    created_at: DateTime,
    expires_at: Nullable(DateTime),
    expired: Type.Boolean(),
  },
  { $id: 'CreatedToken' },
);

export const TokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    expires_at: Type.Optional(Nullable(DateTime)),
    scope: Type.Optional(TokenScope),
  },
  { additionalProperties: false },
);

/** `basePath`: the hub's ('' at the root); `logout_url` is a path on the hub's origin, base included. */
export function meOf(me: SignedInUser, basePath: string) {
  const { user } = me;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    picture_url: user.picture_url,
    logout_url: me.browserSession ? `${basePath}${LOGOUT_PATH}` : null,
    is_super_admin: me.isSuperAdmin,
    can_create_projects: me.canCreateProjects,
  };
}

export function resolvedUserOf(user: UserEntry) {
  return { id: user.id, email: user.email, name: user.name, picture_url: user.picture_url };
}

export function adminUserOf(user: UserEntry, isSuperAdmin: boolean) {
  return { id: user.id, email: user.email, name: user.name ?? '', updated_at: user.updated_at, suspended_at: user.suspended_at, is_super_admin: isSuperAdmin };
}

export function tokenInfoOf(record: TokenRecord, expired: boolean) {
  return { id: record.id, name: record.name, scope: record.scope, created_at: record.created_at, expires_at: record.expires_at, expired };
}
