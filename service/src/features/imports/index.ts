// Notebook imports (docs/imports.md). What other code may use of this feature; everything else in its folder is its own.
export { importsFeature } from './feature.js';
