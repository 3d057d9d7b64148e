// Git-synced notebooks (docs/git.md). What other code may use of this feature; everything else in its folder is its own.
export { gitFeature } from './feature.js';
