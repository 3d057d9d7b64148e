import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readSettings, unknownSettingVariables } from './settings.js';

const read = (env: Record<string, string>) => readSettings({ SERVICE_DATA_DIR: '/srv/hub', ...env });
const refusal = (env: Record<string, string>) => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).variable;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('settings', () => {
  it('has the embedded defaults', () => {
    const settings = read({});
    expect(settings).toMatchObject({
      host: '127.0.0.1',
      port: 8321,
      storage: { kind: 'fs', root: path.join('/srv/hub', 'store') },
      auth: { kind: 'local', defaultRole: null, projectCreators: '*' },
      sandboxes: { driver: 'local', editorSandboxSharing: 'exclusive', viewerMode: 'applications' },
      runMaintenance: true,
      shutdownTimeoutSeconds: 120,
      sessions: { connectionAware: true, automaticThumbnails: true, idleTimeoutSeconds: 3600, lifetimeSeconds: 28_800 },
    });
    expect(read({ SERVICE_RUN_MAINTENANCE: 'false' }).shutdownTimeoutSeconds).toBe(10);
  });

  it('parses the two spec booleans strictly', () => {
    for (const [raw, expected] of [
      ['true', true],
      ['FALSE', false],
      ['  True ', true],
      ['', true],
      ['   ', true],
    ] as const) {
      expect(read({ SERVICE_SESSION_CONNECTION_AWARE: raw }).sessions.connectionAware, JSON.stringify(raw)).toBe(expected);
      expect(read({ SERVICE_AUTOMATIC_THUMBNAILS: raw }).sessions.automaticThumbnails, JSON.stringify(raw)).toBe(expected);
    }
    for (const raw of ['1', '0', 'yes', 'no', 'on', 'off', 't']) {
      expect(refusal({ SERVICE_SESSION_CONNECTION_AWARE: raw })).toBe('SERVICE_SESSION_CONNECTION_AWARE');
      expect(refusal({ SERVICE_AUTOMATIC_THUMBNAILS: raw })).toBe('SERVICE_AUTOMATIC_THUMBNAILS');
    }
  });

  it('names the variable of every bad value', () => {
    const cases: [Record<string, string>, string][] = [
      [{ SERVICE_PORT: '70000' }, 'SERVICE_PORT'],
      [{ SERVICE_PORT: '80a' }, 'SERVICE_PORT'],
      [{ SERVICE_STORAGE: 's3' }, 'SERVICE_S3_BUCKET'],
      [{ SERVICE_STORAGE: 's3', SERVICE_S3_BUCKET: 'b', SERVICE_S3_ACCESS_KEY_ID: 'k' }, 'SERVICE_S3_SECRET_ACCESS_KEY'],
      [{ SERVICE_STORAGE: 's3', SERVICE_S3_BUCKET: 'b', SERVICE_S3_PREFIX: '../x' }, 'SERVICE_S3_PREFIX'],
      [{ SERVICE_STORAGE: 's3', SERVICE_S3_BUCKET: 'b', SERVICE_S3_ENDPOINT: 'ftp://x' }, 'SERVICE_S3_ENDPOINT'],
      [{ SERVICE_AUTH: 'oidc' }, 'SERVICE_OIDC_ISSUER'],
      [{ SERVICE_AUTH: 'oidc', SERVICE_OIDC_ISSUER: 'http://idp.example', SERVICE_OIDC_CLIENT_ID: 'c' }, 'SERVICE_OIDC_ISSUER'],
      [{ SERVICE_AUTH: 'oidc', SERVICE_OIDC_ISSUER: 'https://idp.example' }, 'SERVICE_OIDC_CLIENT_ID'],
      [{ SERVICE_AUTH: 'oidc', SERVICE_OIDC_ISSUER: 'https://idp.example', SERVICE_OIDC_CLIENT_ID: 'c', SERVICE_OIDC_SCOPES: 'email' }, 'SERVICE_OIDC_SCOPES'],
      [{ SERVICE_SUPER_ADMINS: 'ops@example.com, not-an-email' }, 'SERVICE_SUPER_ADMINS'],
      [{ SERVICE_DEFAULT_ROLE: 'admin' }, 'SERVICE_DEFAULT_ROLE'],
      [{ SERVICE_PUBLIC_URL: 'https://hub.example.com/sub?x=1' }, 'SERVICE_PUBLIC_URL'],
      [{ SERVICE_PUBLIC_URL: 'https://hub.example.com/a b' }, 'SERVICE_PUBLIC_URL'],
      [{ SERVICE_PUBLIC_URL: 'https://user:pw@hub.example.com/' }, 'SERVICE_PUBLIC_URL'],
      [{ SERVICE_DEFAULT_PAGE_SIZE: '300' }, 'SERVICE_DEFAULT_PAGE_SIZE'],
      [{ SERVICE_COMPUTE_PROFILES: 'not json' }, 'SERVICE_COMPUTE_PROFILES'],
      [{ SERVICE_COMPUTE_PROFILES: '[]' }, 'SERVICE_COMPUTE_PROFILES'],
      [{ SERVICE_COMPUTE_PROFILES: '[{"name":"a"},{"name":"a"}]' }, 'SERVICE_COMPUTE_PROFILES'],
      [{ SERVICE_COMPUTE_PROFILES: '[{"name":"a","cpu":-1}]' }, 'SERVICE_COMPUTE_PROFILES'],
      [{ SERVICE_COMPUTE_PROFILES: '[{"name":"a","ram":1}]' }, 'SERVICE_COMPUTE_PROFILES'],
      [{ SERVICE_DOCKER_HOST: 'http://docker' }, 'SERVICE_DOCKER_HOST'],
      [{ SERVICE_LOG_LEVEL: 'verbose' }, 'SERVICE_LOG_LEVEL'],
      [{ SERVICE_SURFACES: '{"id":"vscode"}' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACES: '[{"id":"jupyter"}]' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACES: '[{"id":"vscode"},{"id":"vscode"}]' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACES: '[{"id":"vscode","embed":"window"}]' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACES: '[{"id":"vscode","managed_ai":true}]' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACES: '[{"id":"opencode","managed_ai":"yes"}]' }, 'SERVICE_SURFACES'],
      [{ SERVICE_SURFACE_DOMAIN: 'https://surfaces.example.org' }, 'SERVICE_SURFACE_DOMAIN'],
      [{ SERVICE_SURFACES: '[{"id":"vscode"}]', SERVICE_PUBLIC_URL: 'https://hub.example.org' }, 'SERVICE_SURFACE_DOMAIN'],
      [{ SERVICE_AI_BASE_URL: 'ftp://llm.example.org' }, 'SERVICE_AI_BASE_URL'],
      [{ SERVICE_AI_BASE_URL: 'https://llm.example.org/v1' }, 'SERVICE_AI_MODELS'],
      [{ SERVICE_AI_BASE_URL: 'https://llm.example.org/v1', SERVICE_AI_MODELS: 'a model' }, 'SERVICE_AI_MODELS'],
      [{ SERVICE_AI_API_KEY: 'sk-1' }, 'SERVICE_AI_API_KEY'],
      [{ SERVICE_AI_BASE_URL: 'https://llm.example.org/v1', SERVICE_AI_MODELS: 'm', SERVICE_AI_SANDBOX_URL: 'hub:8321' }, 'SERVICE_AI_SANDBOX_URL'],
    ];
    for (const [env, variable] of cases) expect(refusal(env), JSON.stringify(env)).toBe(variable);
  });

  it('reads the non-default shapes', () => {
    const settings = read({
      SERVICE_STORAGE: 's3',
      SERVICE_S3_BUCKET: 'hub',
      SERVICE_S3_PREFIX: 'team-a/hub',
      SERVICE_S3_FORCE_PATH_STYLE: 'true',
      SERVICE_PUBLIC_URL: 'https://hub.example.com/',
      SERVICE_PROJECT_CREATORS: 'Lead@Example.com',
      SERVICE_DOCKER_HOST: 'unix:///run/docker.sock',
      SERVICE_SANDBOX_DRIVER: 'docker',
    });
    expect(settings.storage).toMatchObject({ kind: 's3', bucket: 'hub', prefix: 'team-a/hub', forcePathStyle: true });
    expect(read({ SERVICE_STORAGE: 'memory' }).storage).toEqual({ kind: 'memory' });
    expect(settings.publicUrl).toBe('https://hub.example.com');
    expect(settings.basePath).toBe('');
    expect(read({ SERVICE_PUBLIC_URL: 'https://example.org/notebooks/' })).toMatchObject({ publicUrl: 'https://example.org', basePath: '/notebooks' });
    expect(read({ SERVICE_PUBLIC_URL: 'https://example.org/team/notebooks' }).basePath).toBe('/team/notebooks');
    expect(settings.auth.projectCreators).toEqual(['lead@example.com']);
    expect(settings.sandboxes.dockerHost).toEqual({ socketPath: '/run/docker.sock' });
    expect(settings.sandboxes.defaultImage).toMatch(/^notebook-hub-sandbox:marimo-/);
    expect(read({ SERVICE_DOCKER_HOST: 'tcp://10.0.0.5:2375' }).sandboxes.dockerHost).toEqual({ host: '10.0.0.5', port: 2375, protocol: 'http' });
  });

  it('reads the surfaces with their defaults, and the domain their hosts live under', () => {
    const settings = read({ SERVICE_SURFACES: '[{"id":"vscode","embed":"iframe"},{"id":"opencode","start":"eager","managed_ai":true}]' });
    expect(settings.sessions.surfaces).toEqual([
      { id: 'vscode', flavor: 'code-server', start: 'on-demand', embed: 'iframe' },
      { id: 'opencode', start: 'eager', embed: 'tab', managed_ai: true },
    ]);
    expect(settings.sessions.surfaceDomain).toBeNull();
    expect(read({}).sessions.surfaces).toEqual([]);
    const deployed = read({
      SERVICE_SURFACES: '[{"id":"vscode"}]',
      SERVICE_PUBLIC_URL: 'https://hub.example.org',
      SERVICE_SURFACE_DOMAIN: '*.Surfaces.Example.org',
    });
    expect(deployed.sessions.surfaceDomain).toBe('surfaces.example.org');
    expect(read({ SERVICE_SURFACES: '[{"id":"vscode"}]', SERVICE_PUBLIC_URL: 'http://localhost:8321' }).sessions.surfaceDomain).toBeNull();
  });

  it('reads the managed AI provider, without which there is none', () => {
    expect(read({}).sessions.managedAi).toBeNull();
    expect(
      read({
        SERVICE_AI_BASE_URL: 'https://llm.example.org/v1/',
        SERVICE_AI_API_KEY: 'sk-1',
        SERVICE_AI_MODELS: 'team-model, org/model-large:2',
        SERVICE_AI_SANDBOX_URL: 'http://hub.internal:8321/',
      }).sessions.managedAi,
    ).toEqual({ baseUrl: 'https://llm.example.org/v1', apiKey: 'sk-1', models: ['team-model', 'org/model-large:2'], sandboxUrl: 'http://hub.internal:8321' });
    expect(read({ SERVICE_AI_BASE_URL: 'http://127.0.0.1:9000/v1', SERVICE_AI_MODELS: 'm' }).sessions.managedAi).toMatchObject({
      apiKey: null,
      sandboxUrl: null,
    });
    // The hub's address for sandboxes alone: for a provider kept as an organization integration.
    const alone = read({ SERVICE_AI_SANDBOX_URL: 'http://hub.internal:8321/' }).sessions;
    expect([alone.managedAi, alone.aiSandboxUrl]).toEqual([null, 'http://hub.internal:8321']);
    expect(() => read({ SERVICE_AI_MODELS: 'm' })).toThrow(/SERVICE_AI_MODELS.*SERVICE_AI_BASE_URL is not/);
  });

  it('reports unknown SERVICE_ variables', () => {
    expect(unknownSettingVariables({ SERVICE_PORT: '1', SERVICE_PROT: '2', OTHER: '3' })).toEqual(['SERVICE_PROT']);
  });
});
