// Project alerts (docs/alerts.md). What other code may use of this feature; everything else in its folder is its own.
export { alertsFeature } from './feature.js';
