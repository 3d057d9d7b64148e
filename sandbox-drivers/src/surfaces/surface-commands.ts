import { createHash } from 'node:crypto';
import path from 'node:path';

/** How to start one surface: run `argv` in `cwd` with `env` added to the sandbox's environment. */
export interface SurfaceCommand {
  argv: string[];
  /** The working directory: the workspace folder. */
  cwd: string;
  env: Record<string, string>;
  /**
   * Headers the hub's proxy sets on every request it forwards to the surface (page loads, API
   * calls, event streams and WebSocket upgrades alike), replacing any the browser sent: the
   * surface's credential never reaches the browser.
   */
  proxyHeaders: Record<string, string>;
}

export interface SurfaceLaunchOptions {
  /** The surface's launcher (from `ensureSurfaceRuntime`, or the image's under /opt/surfaces). */
  launcher: string;
  /** The address to listen on: the sandbox's bind host (127.0.0.1 on the local and Docker drivers). */
  bindHost: string;
  port: number;
  /** The folder the surface opens: the session's workspace. */
  workspaceDir: string;
  /** A folder of the surface's own for its settings, caches and databases, kept out of the user's home. */
  stateDir: string;
  /** The per-start secret only the hub knows (at least 16 characters), e.g. from `newSessionSecret()`. */
  secret: string;
}

function checkSecret(secret: string): void {
  if (secret.length < 16) throw new Error('the surface secret is too short (at least 16 characters)');
}

/** XDG folders below the state folder, so neither surface writes into the user's home. */
function xdgEnvironment(stateDir: string): Record<string, string> {
  return {
    XDG_CONFIG_HOME: path.join(stateDir, 'config'),
    XDG_DATA_HOME: path.join(stateDir, 'data'),
    XDG_CACHE_HOME: path.join(stateDir, 'cache'),
    XDG_STATE_HOME: path.join(stateDir, 'state'),
  };
}

/** The name of code-server's session cookie (no `--cookie-suffix`). */
export const CODE_SERVER_SESSION_COOKIE = 'code-server-session';

/**
 * code-server headless: no telemetry, no update check, no browser opened, no Getting Started
 * links, no port-forwarding routes (`--disable-proxy`: its `/proxy/<port>/` would reach every
 * other port of the host on the local driver).
 *
 * Authentication stays on, although only the hub's proxy is meant to reach it: on the local and
 * Docker drivers the port listens on 127.0.0.1 of the host, which every local user and process can
 * connect to (docs/surfaces.md "Authentication"). code-server compares its session cookie with
 * `$HASHED_PASSWORD` verbatim when that value is not an argon2 hash, so the hub gives it the SHA-256
 * of the secret there (in the environment, not on the command line, where the process list
 * shows it) and its proxy sends that value as the `code-server-session` cookie. Typing the secret
 * into code-server's own login form would work too, as with any SHA-256 password.
 */
/** What the proxy sends code-server for a start with this secret (see codeServerCommand). */
export function codeServerProxyHeaders(secret: string): Record<string, string> {
  return { cookie: `${CODE_SERVER_SESSION_COOKIE}=${createHash('sha256').update(secret).digest('hex')}` };
}

export function codeServerCommand(options: SurfaceLaunchOptions): SurfaceCommand {
  checkSecret(options.secret);
  const state = options.stateDir;
  const sessionValue = createHash('sha256').update(options.secret).digest('hex');
  return {
    argv: [
      options.launcher,
      '--bind-addr',
      `${options.bindHost}:${options.port}`,
      '--auth',
      'password',
      // Its own config file: without one it writes a default (with a random password) into ~/.config.
      '--config',
      path.join(state, 'config.yaml'),
      '--user-data-dir',
      path.join(state, 'user-data'),
      '--extensions-dir',
      path.join(state, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--disable-proxy',
      '--ignore-last-opened',
      options.workspaceDir,
    ],
    cwd: options.workspaceDir,
    env: { ...xdgEnvironment(state), HASHED_PASSWORD: sessionValue },
    proxyHeaders: codeServerProxyHeaders(options.secret),
  };
}

/**
 * An OpenAI-compatible endpoint (`/chat/completions` under `baseUrl`) that OpenCode gets as its
 * only provider, with nothing for the user to set up: a project's "managed AI" (docs/surfaces.md).
 */
export interface OpenAiCompatibleProvider {
  /** e.g. `https://llm.example.org/v1`. */
  baseUrl: string;
  apiKey: string;
  /** Model ids the endpoint serves; the first is OpenCode's default. */
  models: readonly string[];
  /** What OpenCode's model picker calls the provider. */
  displayName?: string;
}

/** The provider id OpenCode knows the managed endpoint by (its models are `notebook-hub/<model>`). */
export const MANAGED_AI_PROVIDER = 'notebook-hub';

/** The variable that carries the managed endpoint's key; the config names it, never the key itself. */
const MANAGED_AI_KEY_VARIABLE = 'NOTEBOOK_HUB_AI_API_KEY';

function managedAiConfig(ai: OpenAiCompatibleProvider): Record<string, unknown> {
  if (!/^https?:\/\/[^/]/.test(ai.baseUrl)) throw new Error(`the AI endpoint must be an http(s) URL, not ${JSON.stringify(ai.baseUrl)}`);
  if (ai.models.length === 0) throw new Error('the AI endpoint needs at least one model');
  return {
    // Only this provider: no built-in ones that would need the internet or the user's own keys.
    enabled_providers: [MANAGED_AI_PROVIDER],
    provider: {
      [MANAGED_AI_PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: ai.displayName ?? 'Notebook Hub AI',
        options: { baseURL: ai.baseUrl, apiKey: `{env:${MANAGED_AI_KEY_VARIABLE}}` },
        models: Object.fromEntries(ai.models.map((model) => [model, { name: model }])),
      },
    },
    model: `${MANAGED_AI_PROVIDER}/${ai.models[0]}`,
  };
}

/** The user name OpenCode's basic authentication expects (its default, stated so it cannot drift). */
export const OPENCODE_USERNAME = 'opencode';

/**
 * OpenCode also takes its basic credentials (base64) from this query parameter, and prefers them
 * to the `Authorization` header: its web client sends it only to a server on another origin.
 */
export const OPENCODE_AUTH_QUERY_PARAMETER = 'auth_token';

/**
 * OpenCode's server (`opencode serve`, which serves the web UI too, and unlike `opencode web`
 * never tries to open a browser), protected by `OPENCODE_SERVER_PASSWORD`: every request needs
 * HTTP basic authentication, which the hub's proxy adds. Nothing is fetched at start: no model
 * catalogue download, no auto-update, no LSP downloads, no sharing, no default plugins (installed
 * from npm at start otherwise), no reading of Claude Code's files in the user's home. With `ai`,
 * its only model provider is that OpenAI-compatible endpoint.
 */
/** What the proxy sends OpenCode for a start with this secret: basic authentication (see openCodeCommand). */
export function openCodeProxyHeaders(secret: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${OPENCODE_USERNAME}:${secret}`).toString('base64')}` };
}

export function openCodeCommand(options: SurfaceLaunchOptions & { ai?: OpenAiCompatibleProvider }): SurfaceCommand {
  checkSecret(options.secret);
  // Given whole in the environment (OPENCODE_CONFIG_CONTENT): no file to write into the sandbox.
  const config = { $schema: 'https://opencode.ai/config.json', autoupdate: false, share: 'disabled', ...(options.ai ? managedAiConfig(options.ai) : {}) };
  return {
    argv: [options.launcher, 'serve', '--hostname', options.bindHost, '--port', String(options.port)],
    cwd: options.workspaceDir,
    env: {
      ...xdgEnvironment(options.stateDir),
      OPENCODE_SERVER_USERNAME: OPENCODE_USERNAME,
      OPENCODE_SERVER_PASSWORD: options.secret,
      OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_CLAUDE_CODE: '1',
      ...(options.ai ? { [MANAGED_AI_KEY_VARIABLE]: options.ai.apiKey } : {}),
    },
    proxyHeaders: openCodeProxyHeaders(options.secret),
  };
}
