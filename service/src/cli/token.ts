import { openLogger, openObjectStoreOffline } from '../compose/adapters.js';
import { readSettings } from '../config/settings.js';
import { HubError } from '../core/errors.js';
import { UNRESTRICTED_SCOPE } from '../core/identity/access-tokens.js';
import { normalizeEmail } from '../core/identity/users.js';
import { preflightStore } from '../core/store/preflight.js';
import { CatalogGate } from '../boot/catalog-gate.js';
import { openSecretBox } from '../compose/secrets.js';
import { createStoreServices } from '../compose/services.js';
import { SecretsAtRest } from '../core/secrets/secrets-at-rest.js';

export interface TokenCreateOptions {
  email: string;
  superAdmin?: boolean;
  name?: string;
}

/**
 * `notebook-hub token create`: prints a new personal access token for the user with this e-mail
 * (created if unknown), the way to bootstrap a headless deployment. Only the token goes to stdout.
 */
export async function runTokenCreate(options: TokenCreateOptions, io: { stdout: (text: string) => void; stderr: (text: string) => void }): Promise<number> {
  const email = normalizeEmail(options.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 320) {
    io.stderr(`token create: not an e-mail address: ${JSON.stringify(options.email)}\n`);
    return 1;
  }
  const settings = readSettings();
  const store = await openObjectStoreOffline(settings.storage);
  try {
    const preflight = await preflightStore(store);
    if (preflight.outcome !== 'ok') {
      io.stderr(`token create: storage is not usable: ${preflight.outcome === 'unreachable' ? preflight.error.message : preflight.detail}\n`);
      return 1;
    }
    // No project changes happen here, so project events need no destination.
    const secrets = await openSecretBox(settings.secrets, await SecretsAtRest.readState(store));
    const services = createStoreServices(settings, store, secrets, { publish: () => {} });
    await new CatalogGate(services.catalog, services.audit, openLogger('silent')).ensureReady();
    const user = await services.users.ensureByEmail(email, { name: null, superAdmin: options.superAdmin ?? false }, 'cli');
    const { token, record } = await services.tokens.issue(user.id, { name: options.name ?? 'command line', expiresAt: null, scope: UNRESTRICTED_SCOPE }, 'cli');
    io.stdout(`${token}\n`);
    io.stderr(`created token ${record.id} for ${user.email} (${user.id})${options.superAdmin ? ', a super admin' : ''}\n`);
    return 0;
  } catch (error) {
    io.stderr(`token create: ${error instanceof HubError || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await store.close();
  }
}
