// Jobs (docs/jobs.md). What other code may use of this feature; everything else in its folder is its own.
export { jobsFeature } from './feature.js';
