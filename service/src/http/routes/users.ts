import { Type } from 'typebox';
import { SETTING_DEFINITIONS } from '../../config/settings.js';
import type { UseCases } from '../../core/use-cases/index.js';
import { deploymentInfo, type DeploymentInfoServices } from './system.js';
import { principalOf } from '../auth/authenticate.js';
import { DateTime, Envelope, Nullable, Page, PageQuery } from '../schemas.js';
import type { HubApp } from '../types.js';
import { AdminUser, ResolvedUser, adminUserOf, resolvedUserOf } from './identity-schemas.js';

const UserIdParams = Type.Object({ user_id: Type.String({ pattern: '^usr-[0-9a-z]{16}$' }) });

const DeploymentConfig = Type.Object(
  {
    deployment: Nullable(
      Type.Object({
        version: Type.String(),
        image: Nullable(Type.String()),
        sandbox_image: Nullable(Type.String()),
        started_at: Nullable(DateTime),
        replica: Nullable(Type.String()),
        node: Nullable(Type.String()),
        backends: Nullable(Type.Object({ storage: Type.String(), compute: Type.String(), auth: Type.String() })),
      }),
    ),
    groups: Type.Array(
      Type.Object({
        name: Type.String(),
        backend: Nullable(Type.String()),
        settings: Type.Array(
          Type.Object({ key: Type.String(), name: Type.String(), value: Nullable(Type.String()), secret: Type.Boolean(), set: Type.Boolean() }),
        ),
      }),
    ),
    policy: Type.Object({ default_role: Nullable(Type.Enum(['manager', 'editor', 'viewer'])), super_admins: Type.Array(Type.String()) }),
  },
  { $id: 'DeploymentConfig' },
);

/** What the user routes use. */
export type UserRouteServices = DeploymentInfoServices & { useCases: Pick<UseCases, 'users'> };

export function userRoutes(app: HubApp, services: UserRouteServices): void {
  const { settings } = services;
  const { users } = services.useCases;

  app.get(
    '/api/v1/users/resolve',
    {
      config: { action: 'directory.search' },
      schema: {
        tags: ['Users'],
        summary: 'Resolve one user by id or e-mail',
        querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })), email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })) }),
        response: { 200: Envelope(ResolvedUser) },
      },
    },
    async (request) => {
      const user = await users.resolve(principalOf(request), { id: request.query.id, email: request.query.email });
      return { success: true as const, data: resolvedUserOf(user) };
    },
  );

  app.get(
    '/api/v1/users/search',
    {
      config: { action: 'directory.search' },
      schema: {
        tags: ['Users'],
        summary: 'Users whose e-mail starts with q',
        querystring: Type.Object({ q: Type.String({ minLength: 1, maxLength: 320 }), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        response: { 200: Envelope(Type.Array(ResolvedUser)) },
      },
    },
    async (request) => {
      const found = await users.search(principalOf(request), { query: request.query.q, limit: request.query.limit });
      return { success: true as const, data: found.map(resolvedUserOf) };
    },
  );

  app.get(
    '/api/v1/admin/users',
    {
      config: { action: 'admin.access' },
      schema: { tags: ['Users'], summary: 'All users, newest first', querystring: PageQuery, response: { 200: Envelope(Page(AdminUser)) } },
    },
    async (request) => {
      const page = await users.list(principalOf(request), { cursor: request.query.cursor, limit: request.query.limit });
      return { success: true as const, data: { items: page.items.map(({ user, superAdmin }) => adminUserOf(user, superAdmin)), next_cursor: page.nextCursor } };
    },
  );

  for (const suspend of [true, false]) {
    app.post(
      `/api/v1/admin/users/:user_id/${suspend ? 'suspend' : 'unsuspend'}`,
      {
        config: { action: 'admin.access' },
        schema: {
          tags: ['Users'],
          summary: suspend ? 'Suspend a user: every request of theirs answers USER_SUSPENDED' : 'Lift a suspension',
          params: UserIdParams,
          response: { 200: Envelope(AdminUser) },
        },
      },
      async (request) => {
        const { user, superAdmin } = await users.setSuspended(principalOf(request), { userId: request.params.user_id, suspended: suspend });
        return { success: true as const, data: adminUserOf(user, superAdmin) };
      },
    );
  }

  app.get(
    '/api/v1/admin/config',
    {
      config: { action: 'admin.access', cache: 'no-store' },
      schema: { tags: ['System'], summary: 'The deployment configuration (secrets are only reported as set)', response: { 200: Envelope(DeploymentConfig) } },
    },
    async (request) => {
      const superAdmins = await users.superAdminEmails(principalOf(request));
      const backends: Record<string, string> = { storage: settings.storage.kind, auth: settings.auth.kind, sandboxes: settings.sandboxes.driver };
      const groups = [...new Set(SETTING_DEFINITIONS.map((definition) => definition.group))].map((group) => ({
        name: group,
        backend: backends[group] ?? null,
        settings: SETTING_DEFINITIONS.filter((definition) => definition.group === group).map((definition) => {
          const raw = settings.environment[definition.key];
          return {
            key: definition.key,
            name: definition.name,
            value: definition.secret || raw === undefined ? null : raw,
            secret: definition.secret,
            set: raw !== undefined,
          };
        }),
      }));
      return {
        success: true as const,
        data: {
          deployment: { ...deploymentInfo(services), node: settings.nodeName },
          groups,
          policy: { default_role: settings.auth.defaultRole, super_admins: superAdmins },
        },
      };
    },
  );
}
