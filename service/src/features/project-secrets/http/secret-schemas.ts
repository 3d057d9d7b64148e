import { Type, type TSchema } from 'typebox';
import { DateTime } from '../../../http/schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';
import { DESCRIPTION_MAX, PROJECT_SECRET_LIMITS } from '../core/secrets/project-secrets.js';
import { SECRET_NAME } from '../core/secrets/secret-names.js';

export const SecretParams = Type.Intersect([ProjectIdParams, Type.Object({ name: Type.String({ pattern: SECRET_NAME.source }) })]);

const SourceType = Type.Enum(['stored', 'environment', 'file', 'kubernetes_secret'], {
  description:
    'stored: a value the hub keeps, sealed; environment: a variable of the hub’s environment; file: a file on the hub (a mounted secret); kubernetes_secret: a key of a Secret in the hub’s namespace',
});

export const ProjectSecret = Type.Object(
  {
    name: Type.String({ description: 'The environment variable a notebook reads' }),
    description: Type.String(),
    source: SourceType,
    value_set: Type.Boolean({ description: 'True for a stored value, which is never returned' }),
    variable: Type.Optional(Type.String({ description: 'environment: the hub’s variable' })),
    path: Type.Optional(Type.String({ description: 'file: the file on the hub' })),
    secret: Type.Optional(Type.String({ description: 'kubernetes_secret: the Secret’s name' })),
    key: Type.Optional(Type.String({ description: 'kubernetes_secret: the key in it' })),
    created_at: DateTime,
    created_by: Type.String(),
    updated_at: DateTime,
    updated_by: Type.String(),
  },
  { $id: 'ProjectSecret', description: 'A project secret: where its value comes from, never the value' },
);

const description = Type.String({ maxLength: DESCRIPTION_MAX });
const value = Type.String({
  minLength: 1,
  maxLength: PROJECT_SECRET_LIMITS.maxValueBytes,
  description: `The value (at most ${PROJECT_SECRET_LIMITS.maxValueBytes} bytes of UTF-8). Write-only: stored sealed, never returned.`,
});
const references = {
  environment: {
    source: Type.Literal('environment'),
    variable: Type.String({ minLength: 1, maxLength: 256, description: 'A variable of the hub’s environment' }),
  },
  file: { source: Type.Literal('file'), path: Type.String({ minLength: 1, maxLength: 4096, description: 'An absolute path on the hub' }) },
  kubernetes_secret: {
    source: Type.Literal('kubernetes_secret'),
    secret: Type.String({ minLength: 1, maxLength: 253, description: 'A Secret in the hub’s namespace' }),
    key: Type.String({ minLength: 1, maxLength: 253 }),
  },
};

const sources = (common: Record<string, TSchema>, storedValue: TSchema) =>
  [
    Type.Object({ ...common, source: Type.Literal('stored'), value: storedValue }, { additionalProperties: false }),
    Type.Object({ ...common, ...references.environment }, { additionalProperties: false }),
    Type.Object({ ...common, ...references.file }, { additionalProperties: false }),
    Type.Object({ ...common, ...references.kubernetes_secret }, { additionalProperties: false }),
  ] as [TSchema, TSchema, TSchema, TSchema];

export const SecretCreate = Type.Union(
  sources(
    { name: Type.String({ pattern: SECRET_NAME.source, description: 'The environment variable a notebook reads' }), description: Type.Optional(description) },
    value,
  ),
  { description: 'A reference is read once when written: one the hub cannot read is refused (VALIDATION_ERROR, saying why)' },
);

export const SecretReplace = Type.Union(sources({ description: Type.Optional(description) }, Type.Optional(value)), {
  description: 'The whole secret but its name; a stored value left out keeps the one stored',
});

export const SecretCheck = Type.Object(
  {
    ok: Type.Boolean(),
    message: Type.String({ description: 'What was found, in words a person can act on; never the value' }),
    checked_at: DateTime,
    duration_ms: Type.Integer({ minimum: 0 }),
  },
  { $id: 'SecretCheck' },
);

export const IfMatchHeaders = (required: boolean) =>
  Type.Object({
    'if-match': Type.Optional(
      Type.String({
        description: required
          ? 'The ETag of the secret as read (or *): required (428 PRECONDITION_REQUIRED without it); 412 PRECONDITION_FAILED when the secret changed since'
          : 'The ETag of the secret as read (or *): the delete happens only if it did not change since (412 PRECONDITION_FAILED otherwise)',
      }),
    ),
  });
