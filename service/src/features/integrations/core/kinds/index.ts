import { gitKind } from './git.js';
import { httpApiKind } from './http-api.js';
import type { IntegrationKind } from './kind.js';
import { mysqlKind } from './mysql.js';
import { openaiKind } from './openai.js';
import { postgresKind } from './postgres.js';
import { pythonIndexKind } from './python-index.js';
import { s3Kind } from './s3.js';

export type { ConfigValue, IntegrationConfig, IntegrationField, IntegrationKind, IntegrationScopeKind, RenderedIntegration } from './kind.js';

/** Every integration kind this hub knows, in the order lists and forms show them. */
export const INTEGRATION_KINDS: readonly IntegrationKind[] = [postgresKind, mysqlKind, s3Kind, httpApiKind, openaiKind, gitKind, pythonIndexKind];

/** The kind with this id, or undefined. */
export function kindOf(kind: string): IntegrationKind | undefined {
  return INTEGRATION_KINDS.find((candidate) => candidate.kind === kind);
}

/** Kinds whose integrations are databases: one of them alone in a project also gives `DATABASE_URL`. */
export const DATABASE_KINDS: ReadonlySet<string> = new Set(['postgres', 'mysql']);
