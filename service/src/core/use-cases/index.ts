import type { AlertUseCases } from './alerts.js';
import type { AuditUseCases } from './audit.js';
import type { DiagnosticUseCases } from './diagnostics.js';
import type { ImportUseCases } from './imports.js';
import type { RuntimeUseCases } from './runtime.js';
import type { TokenUseCases } from './tokens.js';
import type { WorkspaceUseCases } from './workspace.js';

/**
 * Every use case of the hub, one object per area. Each method takes the signed-in principal and
 * a plain input, authorizes through core access control naming its policy action, and returns
 * domain data: a REST route, a CLI command or an MCP tool only parses, calls one, and presents.
 */
export interface HubUseCases {
  /** A notebook's workspace files (project.read, notebook.write). */
  workspace: WorkspaceUseCases;
  /** Folders of notebooks uploaded as zips (notebook.write, project.read). */
  imports: ImportUseCases;
  /** A project's alert destinations (project.alerts.manage). */
  alerts: AlertUseCases;
  /** The project and deployment audit logs (project.events.read, audit.global.read). */
  audit: AuditUseCases;
  /** The signed-in user and their personal access tokens (own records only). */
  tokens: TokenUseCases;
  /** Runtime inspection and forced reclaim of sessions (admin.access). */
  runtime: RuntimeUseCases;
  /** The sandbox start-up diagnostic (admin.access). */
  diagnostics: DiagnosticUseCases;
}
