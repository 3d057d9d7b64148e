import { AuditLog } from '../../service/src/core/audit/audit-log.js';
import type { ObjectStore } from '../../service/src/core/ports/object-store.js';
import type { SecretBox } from '../../service/src/core/ports/secret-box.js';
import { GitCredentialStore } from '../../service/src/features/git/core/git-credentials.js';
import type { GitRepoRules } from '../../service/src/features/git/core/git-source-config.js';
import { GitCredentialsIntegrations } from '../../service/src/features/integrations/core/git-credentials-integration.js';
import { IntegrationRecords } from '../../service/src/features/integrations/core/integration-records.js';
import { IntegrationSecrets } from '../../service/src/features/integrations/core/integration-secrets.js';
import { IntegrationService } from '../../service/src/features/integrations/core/integration-service.js';
import type { SecretSourceReader } from '../../service/src/features/integrations/core/secret-sources.js';

const ONLY_STORED: SecretSourceReader = { available: ['stored'], read: () => Promise.reject(new Error('only stored values here')) };

/**
 * A project's Git credentials on `store`, kept as its Git credentials integration the way
 * compose/features.ts links the Git and integrations features (stored values only, no references).
 */
export function gitCredentialStoreOn(
  store: ObjectStore,
  box: SecretBox,
  rules: GitRepoRules,
  options: { audit?: AuditLog; now?: () => Date } = {},
): GitCredentialStore {
  const credentials = new GitCredentialStore(store, box, rules);
  const integrations = new IntegrationService({
    records: new IntegrationRecords(store, box),
    box,
    reader: ONLY_STORED,
    audit: options.audit ?? new AuditLog(store),
    options: { maxPerScope: 100 },
    ...(options.now ? { now: options.now } : {}),
  });
  credentials.useProjectIntegrations(new GitCredentialsIntegrations({ integrations, secrets: new IntegrationSecrets({ box, reader: ONLY_STORED }) }));
  return credentials;
}
