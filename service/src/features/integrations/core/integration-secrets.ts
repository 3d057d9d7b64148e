import { SecretUnreadableError, type SecretBox } from '../../../core/ports/secret-box.js';
import { layout } from '../../../core/storage-layout.js';
import { kindOf, type IntegrationConfig, type IntegrationKind } from './kinds/index.js';
import { secretField, type IntegrationRecord } from './integration-records.js';
import { integrationView, type IntegrationView } from './integration-views.js';
import { resolveSource, SecretSourceError, type KeptSecretSource, type SecretSourceReader } from './secret-sources.js';

/** A secret field that could not be resolved, and why (a message naming the reference, never a value). */
export interface UnresolvedSecret {
  field: string;
  message: string;
}

/** One integration of a project as rendering into a sandbox needs it. */
export interface IntegrationForRendering {
  /** What may be shown of it (no secret value). */
  instance: IntegrationView;
  /** Its kind's module: `kind.render(config, secrets, instance.env_prefix)`. */
  kind: IntegrationKind;
  /** Its non-secret configuration as `render` takes it (the instance's `config` also holds the `<key>_set` flags). */
  config: IntegrationConfig;
  /** Its secret fields, resolved: stored values opened, references read. */
  secrets: Record<string, string>;
  /** Secret fields whose reference could not be read now (left out of `secrets`). */
  unresolved: UnresolvedSecret[];
}

/**
 * Where an integration's secrets come from at the moment they are needed: stored values opened
 * with the secret box, references read through the reader (docs/integrations.md, "Secret sources").
 */
export class IntegrationSecrets {
  constructor(private readonly deps: { box: SecretBox; reader: SecretSourceReader }) {}

  /** Every secret field of the integration, resolved; a reference that cannot be read throws its {@link SecretSourceError}. */
  async resolveSecrets(record: IntegrationRecord, signal?: AbortSignal): Promise<Record<string, string>> {
    const { secrets, unresolved } = await this.resolveEach(record, signal);
    if (unresolved[0]) throw new SecretSourceError(`secrets.${unresolved[0].field}: ${unresolved[0].message}`);
    return secrets;
  }

  /** Every secret field that can be resolved, and why the others cannot. */
  async resolveEach(record: IntegrationRecord, signal?: AbortSignal): Promise<{ secrets: Record<string, string>; unresolved: UnresolvedSecret[] }> {
    const key = layout.integration(record.scope, record.id);
    const secrets: Record<string, string> = {};
    const unresolved: UnresolvedSecret[] = [];
    for (const [field, source] of Object.entries(record.secrets) as [string, KeptSecretSource][]) {
      try {
        secrets[field] = await resolveSource(this.deps, source, key, secretField(field), signal);
      } catch (error) {
        if (error instanceof SecretUnreadableError)
          unresolved.push({ field, message: 'the stored value does not open with the keys this hub has (docs/secrets-at-rest.md)' });
        else if (error instanceof SecretSourceError) unresolved.push({ field, message: error.message });
        else throw error;
      }
    }
    return { secrets, unresolved };
  }

  /** Each record with its kind and resolved secrets (records of a kind this hub does not know are left out). */
  async forRendering(records: readonly IntegrationRecord[]): Promise<IntegrationForRendering[]> {
    const rendered: IntegrationForRendering[] = [];
    for (const record of records) {
      const kind = kindOf(record.kind);
      if (!kind) continue;
      const { secrets, unresolved } = await this.resolveEach(record);
      rendered.push({ instance: integrationView(record), kind, config: record.config, secrets, unresolved });
    }
    return rendered;
  }
}
