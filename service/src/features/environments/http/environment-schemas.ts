import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { NotebookVersionSchema } from '../../../http/routes/notebook-schemas.js';

export const VersionEnvironmentSchema = Type.Object(
  {
    version_id: Type.String(),
    status: Type.Enum(['none', 'unlocked', 'pending', 'locked', 'failed'], {
      description:
        'none: no dependencies declared; unlocked: the dependencies are installed at each start (see unlocked_reason); pending: being resolved (or the next start resolves them); locked: resolved once, see packages; failed: uv could not resolve them, see error',
    }),
    environment_id: Nullable(
      Type.String({
        pattern: '^env-[0-9a-f]{40}$',
        description: 'The environment identity: a hash of the lock and the Python it is for. Versions with the same lock share it',
      }),
    ),
    python: Nullable(Type.String({ description: 'The Python the lock is for, e.g. "CPython 3.11.7 on linux-x86_64, glibc-2.36"' })),
    packages: Type.Array(Type.Object({ name: Type.String(), version: Type.String() }), { description: 'Every package the lock pins, dependencies included' }),
    lock_sha256: Nullable(Type.String({ description: 'The SHA-256 of the lock (GET .../environment/lock)' })),
    locked_at: Nullable(DateTime),
    reused_from: Nullable(
      Type.String({ description: 'The version whose lock this one shares, its dependencies unchanged; null when resolved for this version' }),
    ),
    error: Nullable(Type.Object({ message: Type.String({ description: "uv's reason the dependencies could not be resolved" }) })),
    unlocked_reason: Nullable(
      Type.String({
        description:
          'Why the dependencies of an unlocked version are installed at each start: locked environments are off here, or its [tool.uv] settings are ones a lock does not carry',
      }),
    ),
  },
  { $id: 'VersionEnvironment' },
);

export const EnvironmentCacheOverviewSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: "Whether this deployment's sandboxes start in locked environments (on, with a driver that serves them)" }),
    bytes: Type.Integer({ description: 'What the built environments take (on Kubernetes: their archives in the object store)' }),
    max_bytes: Type.Integer({
      description:
        'SERVICE_ENVIRONMENT_CACHE_MAX_BYTES (on Kubernetes: SERVICE_ENVIRONMENT_ARCHIVE_MAX_BYTES): beyond it the least recently used go after a build',
    }),
    starts: Type.Object(
      {
        hits: Type.Integer({ description: 'Starts that found their environment built, here or as an archive in the object store' }),
        builds: Type.Integer({ description: 'Starts that built it' }),
        waits: Type.Integer({ description: 'Starts that waited for a build under way, here or on another hub' }),
      },
      { description: 'Starts in an environment since this hub process started' },
    ),
    hit_rate: Nullable(Type.Number({ minimum: 0, maximum: 1, description: '(hits + waits) / all starts; null before the first start' })),
    since: DateTime,
    environments: Type.Array(
      Type.Object({
        id: Type.String({ pattern: '^env-[0-9a-f]{40}$' }),
        bytes: Type.Integer(),
        built_at: DateTime,
        last_used_at: DateTime,
        running_sandboxes: Type.Integer({ description: 'Running sandboxes in it, warm ones included: it is not evicted while there are any' }),
        notebooks: Type.Array(
          Type.Object({
            project_id: Type.String(),
            notebook_id: Type.String(),
            title: Type.String(),
            versions: Type.Integer({ description: 'Its versions locked to this environment' }),
          }),
          { description: 'The notebooks with versions locked to it' },
        ),
      }),
      { description: 'Newest use first' },
    ),
    notebooks_complete: Type.Boolean({ description: 'False when there were more version locks than one overview reads (5000): notebooks may be missing' }),
  },
  { $id: 'EnvironmentCacheOverview' },
);

export const DependencyUpdateBody = Type.Object(
  {
    base_version_id: Type.String({
      pattern: '^ver-[0-9a-z]{16}$',
      description: 'The current version, whose dependencies are re-resolved: otherwise 409 CONFLICT and nothing is saved',
    }),
  },
  { additionalProperties: false },
);

export const DependencyUpdateSchema = Type.Object(
  {
    updated: Type.Boolean({ description: 'False when the index gave the lock the current version already has: nothing was saved' }),
    version: Nullable(NotebookVersionSchema),
    environment: VersionEnvironmentSchema,
    changes: Type.Array(
      Type.Object({
        name: Type.String(),
        from: Nullable(Type.String({ description: 'The version locked before; null for a package the update added' })),
        to: Nullable(Type.String({ description: 'The version locked now; null for a package no longer needed' })),
      }),
      { description: 'The packages whose locked version changed, by name' },
    ),
  },
  {
    $id: 'DependencyUpdate',
    description:
      'version: the new version (the same code, a fresh lock), null when nothing was saved; environment: its environment (the current one when nothing was saved)',
  },
);
