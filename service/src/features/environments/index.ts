// Locked, shared environments (docs/environments.md). What other code may use of this feature; everything else in its folder is its own.
export { environmentsFeature, type LockedEnvironmentServices } from './feature.js';
export type { ProjectPackageIndexes } from './core/package-sources.js';
export type { PrivateIndex } from './core/uv-commands.js';
