// The data browser (docs/data-browser.md). What other code may use of this feature; everything else in its folder is its own.
export { dataBrowserFeature } from './feature.js';
