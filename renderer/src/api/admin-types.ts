// The admin pages' shapes, derived from the generated schema or the shared types package (never written by hand).
import type { components, paths } from './schema';

type Schemas = components['schemas'];

export type AdminUser = Schemas['AdminUser'];
export type DeploymentConfig = Schemas['DeploymentConfig'];
export type ConfigGroup = DeploymentConfig['groups'][number];
export type RuntimeSession = Schemas['RuntimeSession'];
export type ReclaimResult = Schemas['ReclaimResult'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type SandboxStartupReport = Schemas['SandboxStartupReport'];
export type SandboxStartupRequest = NonNullable<paths['/api/v1/admin/debug/sandbox-startup']['post']['requestBody']>['content']['application/json'];
export type PolicyAnalyzerMetadata = Schemas['PolicyAnalyzerMetadata'];
export type PolicySuiteResult = Schemas['PolicySuiteResult'];
export type PolicyCaseResult = PolicySuiteResult['cases'][number];
export type PolicySuite = NonNullable<paths['/api/v1/admin/policy/analyzer/run']['post']['requestBody']>['content']['application/json'];
export type Capabilities = Schemas['Capabilities'];
export type EnvironmentCacheOverview = Schemas['EnvironmentCacheOverview'];

export type AuditFilter = Omit<NonNullable<paths['/api/v1/events']['get']['parameters']['query']>, 'limit' | 'cursor'>;

export type DeepHealth = paths['/api/health']['get']['responses']['200']['content']['application/json'];
export type HealthCheck = NonNullable<DeepHealth['checks']>[number];

// GET /api/health/maintenance is deliberately left out of the OpenAPI document (docs/maintenance.md):
// its shape comes from the shared types package, which the hub's loop runner and the route's response schema follow.
export type { LoopHealth, LoopStatus, MaintenanceHealth } from '@notebook-hub/shared-types/maintenance-health';
