// Project secrets and what sandboxes receive (docs/project-secrets.md). What other code may use of this feature.
export { projectSecretsFeature } from './feature.js';
export type { IntegrationRendering, IntegrationRenderRequest, RenderedIntegration } from '../../core/sandboxes/integration-rendering.js';
export type { SecretReference, SecretReferences, SecretSource, SecretSourceReader } from './core/secrets/secret-source.js';
export { isReservedVariable } from './core/secrets/secret-names.js';
