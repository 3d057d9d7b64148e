// The data browser (docs/data-browser.md). What other code may use of this feature; everything else in its folder is its own.
export { dataBrowserFeature } from './feature.js';
export type { BrowsableIntegration, DataIntegrations } from './core/data-sources.js';
