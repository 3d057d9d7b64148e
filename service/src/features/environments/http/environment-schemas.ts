import { Type } from 'typebox';
import { DateTime, Nullable } from '../../../http/schemas.js';

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
