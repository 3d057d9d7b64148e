import { Type } from 'typebox';
import { DESCRIPTION_MAX, NAME_MAX } from '../core/integration-config.js';
import type { KindOffer } from '../core/integration-use-cases.js';
import { DateTime, Nullable } from '../../../http/schemas.js';
import { ProjectIdParams } from '../../../http/routes/project-schemas.js';

const INTEGRATION_ID = '^intg-[0-9a-z]{16}$';
export const OrgIntegrationParams = Type.Object({ iid: Type.String({ pattern: INTEGRATION_ID }) });
export const ProjectIntegrationParams = Type.Intersect([ProjectIdParams, OrgIntegrationParams]);

const SourceType = Type.Enum(['stored', 'environment', 'file', 'kubernetes_secret']);
const ConfigValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

export const IntegrationKind = Type.Object(
  {
    kind: Type.String(),
    name: Type.String(),
    description: Type.String(),
    scopes: Type.Array(Type.Enum(['project', 'organization'])),
    fields: Type.Array(
      Type.Object({
        key: Type.String(),
        name: Type.String(),
        type: Type.Enum(['string', 'integer', 'boolean', 'enum', 'url']),
        required: Type.Boolean(),
        secret: Type.Boolean({ description: 'Write-only: given in `secrets` as a source, read back as `config.<key>_set`' }),
        description: Type.String(),
        default: Type.Optional(ConfigValue),
        values: Type.Optional(Type.Array(Type.String(), { description: 'enum only' })),
        minimum: Type.Optional(Type.Integer()),
        maximum: Type.Optional(Type.Integer()),
      }),
    ),
    secret_sources: Type.Array(SourceType, { description: 'The sources its secret fields accept that this deployment offers' }),
    testable: Type.Boolean(),
  },
  { $id: 'IntegrationKind' },
);

export function kindView({ kind, secretSources }: KindOffer) {
  return {
    kind: kind.kind,
    name: kind.name,
    description: kind.description,
    scopes: [...kind.scopes],
    fields: kind.fields.map(({ values, ...field }) => ({ ...field, ...(values ? { values: [...values] } : {}) })),
    secret_sources: secretSources,
    testable: kind.testable,
  };
}

/** Where a secret comes from, as a write gives it. */
export const SecretSourceInput = Type.Union(
  [
    Type.Object(
      { source: Type.Literal('stored'), value: Type.String({ minLength: 1, maxLength: 65536, description: 'Write-only: stored sealed, never shown' }) },
      { additionalProperties: false },
    ),
    Type.Object({ source: Type.Literal('environment'), variable: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
    Type.Object({ source: Type.Literal('file'), path: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false }),
    Type.Object(
      { source: Type.Literal('kubernetes_secret'), secret: Type.String({ minLength: 1, maxLength: 253 }), key: Type.String({ minLength: 1, maxLength: 253 }) },
      { additionalProperties: false },
    ),
  ],
  { description: 'stored: a value the hub keeps sealed; environment, file, kubernetes_secret: a reference read when needed' },
);

/** Where a set secret comes from, as reads show it: never a value. */
export const SecretSourceSummary = Type.Object(
  {
    source: SourceType,
    variable: Type.Optional(Type.String({ description: 'environment: the variable of the hub' })),
    path: Type.Optional(Type.String({ description: 'file: the mounted file' })),
    secret: Type.Optional(Type.String({ description: "kubernetes_secret: the Secret in the hub's namespace" })),
    key: Type.Optional(Type.String({ description: 'kubernetes_secret: its key' })),
  },
  { description: 'References are left out of organization integrations for those who do not manage them' },
);

const Config = Type.Record(Type.String(), ConfigValue, { description: 'Non-secret fields, and `<key>_set: true|false` for every secret field' });
const Secrets = Type.Record(Type.String(), SecretSourceSummary, { description: 'The secret fields that are set, with their source' });
const CopiedFrom = Nullable(Type.Object({ integration_id: Type.String(), version_id: Type.String() }));

export const Integration = Type.Object(
  {
    id: Type.String({ pattern: INTEGRATION_ID }),
    scope: Type.Enum(['organization', 'project']),
    project_id: Nullable(Type.String()),
    kind: Type.String(),
    name: Type.String(),
    env_prefix: Type.String({ description: 'Its variables are <env_prefix>_<NAME> (docs/integrations.md)' }),
    description: Type.String(),
    config: Config,
    secrets: Secrets,
    version_id: Type.String(),
    version_number: Type.Integer({ minimum: 1 }),
    copied_from: CopiedFrom,
    created_at: DateTime,
    created_by: Type.String(),
    updated_at: DateTime,
    updated_by: Type.String(),
  },
  { $id: 'Integration' },
);

export const IntegrationVersion = Type.Object(
  {
    id: Type.String(),
    integration_id: Type.String(),
    number: Type.Integer({ minimum: 1 }),
    kind: Type.String(),
    name: Type.String(),
    env_prefix: Type.String(),
    description: Type.String(),
    config: Config,
    secrets: Secrets,
    changed_secrets: Type.Array(Type.String(), { description: 'Secret fields this version set, replaced or removed' }),
    created_at: DateTime,
    created_by: Type.String(),
  },
  { $id: 'IntegrationVersion' },
);

const fields = {
  kind: Type.String({ minLength: 1, maxLength: 50 }),
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  env_prefix: Type.String({
    minLength: 1,
    maxLength: 48,
    pattern: '^[A-Z][A-Z0-9_]*$',
    description: 'Default: derived from the name (Analytics DB → ANALYTICS_DB)',
  }),
  description: Type.String({ maxLength: DESCRIPTION_MAX }),
  config: Type.Record(Type.String(), ConfigValue, { description: "Non-secret fields of the kind; missing ones take the kind's default" }),
};

export const IntegrationCreate = Type.Object(
  {
    kind: fields.kind,
    name: fields.name,
    env_prefix: Type.Optional(fields.env_prefix),
    description: Type.Optional(fields.description),
    config: Type.Optional(fields.config),
    secrets: Type.Optional(Type.Record(Type.String(), SecretSourceInput, { description: 'Secret fields of the kind, each with its source' })),
  },
  { additionalProperties: false },
);

export const ProjectIntegrationCreate = Type.Object(
  {
    kind: Type.Optional(fields.kind),
    name: Type.Optional(fields.name),
    env_prefix: Type.Optional(fields.env_prefix),
    description: Type.Optional(fields.description),
    config: Type.Optional(fields.config),
    secrets: Type.Optional(Type.Record(Type.String(), SecretSourceInput, { description: 'Secret fields of the kind, each with its source' })),
    copy_from: Type.Optional(
      Type.String({
        pattern: INTEGRATION_ID,
        description: 'An organization integration to copy (with kind, config and secrets); name and env_prefix may be given',
      }),
    ),
  },
  { additionalProperties: false, description: 'A new integration (kind and name needed), or a copy of an organization integration (copy_from)' },
);

export const IntegrationReplace = Type.Object(
  {
    kind: Type.Optional({ ...fields.kind, description: 'Cannot change; may be sent as read' }),
    name: fields.name,
    env_prefix: Type.Optional({ ...fields.env_prefix, description: 'Left out: unchanged' }),
    description: Type.Optional({ ...fields.description, description: "Left out: ''" }),
    config: fields.config,
    secrets: Type.Optional(
      Type.Record(Type.String(), Nullable(SecretSourceInput), { description: 'A secret field left out keeps its source; null removes it' }),
    ),
  },
  { additionalProperties: false },
);

export const ConnectionTestResult = Type.Object(
  {
    ok: Type.Boolean(),
    checked_at: DateTime,
    duration_ms: Type.Number({
      minimum: 0,
      description: 'How long the check took (its secrets resolved, the address checked, the connection tried), to a tenth of a millisecond',
    }),
    message: Type.String({ description: 'What passed or failed, in words to act on; never a secret' }),
  },
  { $id: 'ConnectionTestResult' },
);
