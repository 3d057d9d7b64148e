// The sync API another hub pulls from and pushes to (docs/remotes.md). What other code may use of this feature; everything else in its folder is its own.
export { syncApiFeature } from './feature.js';
