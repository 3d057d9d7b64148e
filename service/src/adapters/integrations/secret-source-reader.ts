import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import type { SecretSourceSettings } from '../../config/settings.js';
import {
  KUBERNETES_SOURCE_LABEL,
  MAX_SECRET_VALUE_LENGTH,
  pathInside,
  SecretSourceError,
  variableOpened,
  type SecretReference,
  type SecretSourceReader,
  type SecretSourceType,
} from '../../core/ports/secret-sources.js';

/** Reads one key of a Secret in the hub's namespace: null when the Secret does not exist. */
export interface KubernetesSecrets {
  /** The namespace read from (for messages). */
  readonly namespace: string;
  read(secret: string): Promise<{ labels: Record<string, string>; data: Record<string, string> } | null>;
}

export interface SecretSourceReaderOptions {
  settings: SecretSourceSettings;
  /** The hub's environment (process.env). */
  env: Readonly<Record<string, string | undefined>>;
  /** Null when the hub has no Kubernetes credentials to read Secrets with (or the source is off). */
  kubernetes: (() => Promise<KubernetesSecrets>) | null;
}

/**
 * The secret-source reader (docs/integrations.md, "Secret sources"): the hub's environment, mounted
 * secret files and labelled Kubernetes Secrets, each only as far as the administrator opened it
 * (SERVICE_SECRET_SOURCE_*). Every refusal says what to fix and names the reference only.
 */
export class HubSecretSourceReader implements SecretSourceReader {
  readonly available: readonly SecretSourceType[];

  constructor(private readonly options: SecretSourceReaderOptions) {
    const { settings } = options;
    this.available = [
      'stored',
      ...(settings.environmentVariables.length > 0 ? (['environment'] as const) : []),
      ...(settings.fileDirectories.length > 0 ? (['file'] as const) : []),
      ...(settings.kubernetes && options.kubernetes ? (['kubernetes_secret'] as const) : []),
    ];
  }

  async read(reference: SecretReference): Promise<string> {
    if (!this.available.includes(reference.source)) throw new SecretSourceError(`this hub does not offer the ${reference.source} source`);
    switch (reference.source) {
      case 'environment':
        return this.variable(reference.variable);
      case 'file':
        return this.file(reference.path);
      case 'kubernetes_secret':
        return this.kubernetesSecret(reference.secret, reference.key);
    }
  }

  private variable(name: string): string {
    if (!variableOpened(name, this.options.settings.environmentVariables))
      throw new SecretSourceError(`the variable ${name} is not one this hub lets integrations read (SERVICE_SECRET_SOURCE_VARIABLES lists them)`);
    const value = this.options.env[name];
    if (value === undefined || value === '') throw new SecretSourceError(`the variable ${name} is not set in the hub's environment`);
    return value;
  }

  private async file(path: string): Promise<string> {
    const unreadable = () => new SecretSourceError(`the file ${path} does not exist or is not readable by the hub`);
    let resolved: string;
    try {
      resolved = await realpath(path);
    } catch {
      throw unreadable();
    }
    // Links are followed first, so a link inside an opened directory cannot lead out of it.
    if (!pathInside(resolved, this.options.settings.fileDirectories))
      throw new SecretSourceError(`the file ${path} is not in a directory this hub lets integrations read (SERVICE_SECRET_SOURCE_DIRS)`);
    let handle;
    try {
      handle = await open(resolved, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      throw unreadable();
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new SecretSourceError(`${path} is not a file`);
      if (stat.size > MAX_SECRET_VALUE_LENGTH) throw new SecretSourceError(`the file ${path} is larger than ${MAX_SECRET_VALUE_LENGTH} bytes`);
      const content = await handle.readFile('utf8');
      // A mounted secret often ends with the newline an editor or `echo` left: it is not part of the secret.
      const value = content.replace(/\r?\n$/, '');
      if (value === '') throw new SecretSourceError(`the file ${path} is empty`);
      return value;
    } catch (error) {
      if (error instanceof SecretSourceError) throw error;
      throw unreadable();
    } finally {
      await handle.close();
    }
  }

  private async kubernetesSecret(secret: string, key: string): Promise<string> {
    const client = await this.options.kubernetes!();
    const where = `namespace ${client.namespace}`;
    let found;
    try {
      found = await client.read(secret);
    } catch (error) {
      if (error instanceof SecretSourceError) throw error;
      throw new SecretSourceError(`the Secret ${secret} could not be read from the cluster (${where}): check the hub's access to Secrets there`);
    }
    if (!found) throw new SecretSourceError(`there is no Secret ${secret} in the hub's ${where}`);
    if (found.labels[KUBERNETES_SOURCE_LABEL] !== 'true')
      throw new SecretSourceError(`the Secret ${secret} is not labelled ${KUBERNETES_SOURCE_LABEL}=true, which a Secret integrations may read needs`);
    const encoded = found.data[key];
    if (encoded === undefined) throw new SecretSourceError(`the Secret ${secret} has no key ${key}`);
    const value = Buffer.from(encoded, 'base64').toString('utf8');
    if (value === '') throw new SecretSourceError(`the key ${key} of the Secret ${secret} is empty`);
    return value;
  }
}
