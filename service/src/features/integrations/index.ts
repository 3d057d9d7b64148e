// Integrations (docs/integrations.md). What other code may use of this feature; everything else in its folder is its own.
export { integrationsFeature } from './feature.js';
export { createSecretSourceReader } from './feature.js';
export { sourceSyntaxProblem } from './core/secret-sources.js';
