import path from 'node:path';
import { FsObjectStore } from '../../service/src/adapters/store/fs-store.js';
import { createHub, type Hub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import { TestOidcProvider, type TestAccount } from './oidc-provider.js';
import { makeTempDir } from './temp-dir.js';
import { unusedPort } from './unused-port.js';

export const OIDC_CLIENT_ID = 'notebook-hub';
const CLIENT_SECRET = 'a-client-secret-only-the-hub-and-the-provider-know';

export interface OidcHub {
  idp: TestOidcProvider;
  hub: Hub;
  /** Where browsers reach the hub: its listen address, or its public URL under `basePath`. */
  url: string;
  /** Registers the hub as the provider's client (done at start unless `configure: false`). */
  configureProvider(): Promise<void>;
  close(): Promise<void>;
}

export interface OidcHubOptions {
  /** The provider's accounts, by the login name typed into its sign-in form. */
  accounts: Record<string, TestAccount>;
  /** Serve the hub under this path prefix (docs/deploy.md, "Behind a reverse proxy"), at a public URL on 127.0.0.1. */
  basePath?: string;
  /** More hub settings (e.g. SERVICE_SUPER_ADMINS). */
  env?: Record<string, string>;
  /** Put profile and e-mail claims into the ID token too (by default only userinfo has them). */
  idTokenCarriesProfile?: boolean;
  /** Leave the provider unconfigured (answering 503) until `configureProvider()`. */
  configure?: boolean;
}

/**
 * A hub with SERVICE_AUTH=oidc on 127.0.0.1, and a real provider with one confidential client
 * whose redirect URI is that hub's callback. The provider listens first (the hub needs its
 * issuer), the hub next (the client registration needs the hub's URL).
 */
export async function startOidcHub(options: OidcHubOptions): Promise<OidcHub> {
  const idp = await TestOidcProvider.listen();
  const temp = await makeTempDir('oidc');
  // Under a prefix the public URL must be known before the hub listens, so its port is chosen first.
  const port = options.basePath === undefined ? 0 : await unusedPort();
  const publicUrl = options.basePath === undefined ? null : `http://127.0.0.1:${port}${options.basePath}`;
  const settings = readSettings({
    SERVICE_DATA_DIR: temp.dir,
    SERVICE_HOST: '127.0.0.1',
    SERVICE_PORT: String(port),
    ...(publicUrl === null ? {} : { SERVICE_PUBLIC_URL: publicUrl }),
    SERVICE_LOG_LEVEL: 'silent',
    SERVICE_AUTH: 'oidc',
    SERVICE_OIDC_ISSUER: idp.issuer,
    SERVICE_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
    SERVICE_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    SERVICE_OIDC_ALLOW_HTTP: 'true',
    ...options.env,
  });
  const hub = await createHub({ settings, store: new FsObjectStore(path.join(temp.dir, 'store')) });
  const listenUrl = await hub.listen();
  const url = publicUrl ?? listenUrl;
  const configureProvider = () =>
    idp.configure({
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${url}/api/v1/auth/oidc/callback`],
          post_logout_redirect_uris: [`${url}/`],
        },
      ],
      accounts: options.accounts,
      idTokenCarriesProfile: options.idTokenCarriesProfile ?? false,
    });
  if (options.configure ?? true) await configureProvider();
  return {
    idp,
    hub,
    url,
    configureProvider,
    async close() {
      await hub.close();
      await idp.stop();
      await temp.cleanup();
    },
  };
}
