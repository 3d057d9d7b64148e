import { describe, expect, it } from 'vitest';
import { PackageSources, type PackageSourcesDeps } from './package-sources.js';
import { uvEnvironment, UV_INDEX_VARIABLES, type PrivateIndex } from './uv-commands.js';

const TEAM: PrivateIndex = { name: 'Team index', url: 'https://pypi.example.com/simple', username: 'ada', password: 's3cret' };
const MIRROR: PrivateIndex = { name: 'Mirror', url: 'https://mirror.example.com/simple', username: null, password: null };

function sources(deps: Partial<PackageSourcesDeps> = {}) {
  const checked: [string, string][] = [];
  const asked: boolean[] = [];
  const packages = new PackageSources({
    indexUrl: 'https://pypi.org/simple',
    offline: false,
    wheelFolders: async () => ['/srv/wheels', '/srv/more'],
    containerWheelsDir: null,
    checkIndex: async (url, named) => void checked.push([url, named]),
    ...deps,
  });
  packages.useIndexes({
    indexesOf: async (projectId, withCredentials) => {
      asked.push(withCredentials);
      const indexes = projectId === 'proj-with' ? [TEAM, MIRROR] : [];
      return withCredentials ? indexes : indexes.map((index) => ({ ...index, username: null, password: null }));
    },
  });
  return { packages, checked, asked };
}

describe("where uv finds a project's packages", () => {
  it("declares a project's locks against its private indexes, then the deployment's, reading no secret", async () => {
    const { packages, asked } = sources();
    expect(await packages.declared('proj-with')).toEqual([TEAM.url, MIRROR.url, 'https://pypi.org/simple']);
    expect(await packages.declared('proj-without')).toEqual(['https://pypi.org/simple']);
    expect(asked).toEqual([false, false]);
  });

  it('passes every index a resolution would ask through the outbound policy, naming each, before giving any; offline none', async () => {
    const { packages, checked } = sources();
    await packages.access('proj-with');
    expect(checked).toEqual([
      ['https://pypi.org/simple', 'the package index (SERVICE_PACKAGE_INDEX_URL)'],
      [TEAM.url, 'the package index of the integration “Team index”'],
      [MIRROR.url, 'the package index of the integration “Mirror”'],
    ]);
    const refused = sources({
      checkIndex: async (url, named) => {
        if (url === MIRROR.url) throw new Error(`${named} is not one the hub may reach`);
      },
    });
    await expect(refused.packages.access('proj-with')).rejects.toThrow('the package index of the integration “Mirror” is not one the hub may reach');
    const offline = sources({ offline: true });
    await offline.packages.access('proj-with');
    expect(offline.checked).toEqual([]);
  });

  it('gives a resolution the indexes with their credentials; offline only the wheel folders, where a container mounts them', async () => {
    const { packages } = sources();
    expect(await packages.access('proj-with')).toEqual({ source: { index: 'https://pypi.org/simple', privateIndexes: [TEAM, MIRROR] }, mounts: [] });
    expect(await sources({ offline: true }).packages.access('proj-with')).toEqual({ source: { wheelFolders: ['/srv/wheels', '/srv/more'] }, mounts: [] });
    expect(await sources({ offline: true, containerWheelsDir: '/opt/wheels' }).packages.access('proj-with')).toEqual({
      source: { wheelFolders: ['/opt/wheels/0', '/opt/wheels/1'] },
      mounts: [
        { source: '/srv/wheels', target: '/opt/wheels/0', readOnly: true },
        { source: '/srv/more', target: '/opt/wheels/1', readOnly: true },
      ],
    });
  });

  it("names the private indexes to uv in its environment, first, with their credentials in uv's variables for named indexes", () => {
    expect(uvEnvironment({ index: 'https://pypi.org/simple', privateIndexes: [] })).toEqual(UV_INDEX_VARIABLES);
    expect(uvEnvironment({ wheelFolders: ['/srv/wheels'] })).toEqual(UV_INDEX_VARIABLES);
    const env = uvEnvironment({ index: 'https://pypi.org/simple', privateIndexes: [TEAM, MIRROR] });
    expect(env).toEqual({
      ...UV_INDEX_VARIABLES,
      UV_INDEX: `hub-index-1=${TEAM.url} hub-index-2=${MIRROR.url}`,
      UV_INDEX_HUB_INDEX_1_USERNAME: 'ada',
      UV_INDEX_HUB_INDEX_1_PASSWORD: 's3cret',
    });
  });
  it("gives the install at a start the project's private indexes alone, checked first: the sandbox's own index stays its default", async () => {
    const { packages, checked } = sources();
    expect(await packages.installEnv('proj-with')).toEqual({
      UV_INDEX: `hub-index-1=${TEAM.url} hub-index-2=${MIRROR.url}`,
      UV_INDEX_HUB_INDEX_1_USERNAME: 'ada',
      UV_INDEX_HUB_INDEX_1_PASSWORD: 's3cret',
    });
    // Not the deployment's index: an unlocked install does not use it.
    expect(checked.map(([url]) => url)).toEqual([TEAM.url, MIRROR.url]);
    expect(await packages.installEnv('proj-without')).toEqual({});
    const refused = sources({
      checkIndex: async (url, named) => {
        if (url === TEAM.url) throw new Error(`${named} is not one the hub may reach`);
      },
    });
    await expect(refused.packages.installEnv('proj-with')).rejects.toThrow('the package index of the integration “Team index” is not one the hub may reach');
    const offline = sources({ offline: true });
    expect(await offline.packages.installEnv('proj-with')).toEqual({});
    expect(offline.checked).toEqual([]);
  });
});
