// Workload identity (docs/federation.md). What other code may use of this feature; everything else in its folder is its own.
export { federationFeature } from './feature.js';
export {
  FEDERATION_TOKEN_FILE,
  type WorkloadCredentialGrant,
  type WorkloadCredentials,
  type WorkloadStart,
  type WorkloadTokenRefresh,
} from './core/workload-credentials.js';
