// `npm run dist` (electron/scripts/dist.mjs, docs/desktop.md "Packaging"), run for real: the hub's
// build, the desktop host's compile and electron-builder, offline, for its `dir` target. The
// Electron binary cannot be downloaded here, so electron-builder packages a fake Electron
// distribution this test makes (`fake-electron-dist`: an `electron` script and the files beside it).
// Everything else is real: electron-builder's dependency collection over the npm workspaces, its
// asar archive, its configuration check; and the packaged hub is started from the archive's files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync } from 'fflate';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledWheelhouse } from '../../electron/src/host/runtime-check.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_SCRIPT = path.join(ROOT, 'electron/scripts/dist.mjs');
const BUILDER_CONFIG = path.join(ROOT, 'build/electron-builder.yml');
const ELECTRON_VERSION = (JSON.parse(await readFile(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
/** electron-builder's own modules (its configuration loader and check, asar), resolved as electron-builder resolves them. */
const builderRequire = createRequire(createRequire(path.join(ROOT, 'package.json')).resolve('electron-builder'));
const asar = builderRequire('@electron/asar') as { listPackage(archive: string, options?: object): string[]; extractAll(archive: string, dest: string): void };

/** Packages a dev install has and the packaged app must not: test tools, compilers, bundlers, Electron itself. */
const DEV_ONLY = [
  'vitest',
  'playwright-core',
  'typescript',
  'vite',
  'tsx',
  'eslint',
  'prettier',
  'electron',
  'electron-builder',
  'app-builder-lib',
  'axe-core',
];

interface DistRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run dist` (its script) with these arguments; resolves when it exits. */
function runDist(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<DistRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DIST_SCRIPT, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** An environment with no way to reach an Electron zip: no ELECTRON_CACHE, no mirror, an empty download cache. */
function envWithoutElectronZip(emptyCache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, electron_config_cache: emptyCache, XDG_CACHE_HOME: emptyCache };
  for (const name of ['ELECTRON_CACHE', 'ELECTRON_MIRROR', 'npm_config_electron_mirror']) delete env[name];
  return env;
}

/**
 * A stand-in for an unpacked Electron release for Linux, with the files electron-builder handles:
 * the `electron` executable (renamed to the app's executable name), its LICENSE, `version`,
 * `locales/` and an empty `resources/` (where the app's archive goes).
 */
async function makeFakeElectronDist(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'resources'), { recursive: true });
  await mkdir(path.join(dir, 'locales'));
  await writeFile(path.join(dir, 'electron'), '#!/bin/sh\necho "fake electron: $*"\n');
  await chmod(path.join(dir, 'electron'), 0o755);
  await writeFile(path.join(dir, 'LICENSE'), 'fake Electron license\n');
  await writeFile(path.join(dir, 'version'), `${ELECTRON_VERSION}\n`);
  await writeFile(path.join(dir, 'locales', 'en-US.pak'), 'fake locale\n');
}

let temp: string;
let run: DistRun;
let appOutDir: string;
let archive: string;
/** The packaged app's asar archive, extracted: what Electron would read from it. */
let app: string;
let archiveEntries: Set<string>;

describe.runIf(process.platform === 'linux')('npm run dist, for the dir target with a given Electron distribution', () => {
  beforeAll(async () => {
    // Under the system temp folder, away from the repository: no node_modules above the extracted app
    // can answer for a dependency the package lacks.
    temp = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-packaging-'));
    const electronDist = path.join(temp, 'fake-electron-dist');
    await makeFakeElectronDist(electronDist);
    const wheelhouse = path.join(temp, 'wheelhouse');
    await mkdir(wheelhouse);
    await writeFile(path.join(wheelhouse, 'wheelhouse.json'), JSON.stringify({ wheels: ['marimo-0.0.0-py3-none-any.whl'] }));
    await writeFile(path.join(wheelhouse, 'marimo-0.0.0-py3-none-any.whl'), 'not a real wheel\n');
    const output = path.join(temp, 'out');
    run = await runDist(['--dir', '--wheelhouse', wheelhouse, `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`]);
    if (run.status !== 0) throw new Error(`npm run dist failed (${run.status}):\n${run.stderr.slice(-4000)}`);
    appOutDir = path.join(output, 'linux-unpacked');
    archive = path.join(appOutDir, 'resources', 'app.asar');
    archiveEntries = new Set(asar.listPackage(archive).map((entry) => entry.split(path.sep).join('/')));
    app = path.join(temp, 'app');
    asar.extractAll(archive, app);
  }, 600_000);

  afterAll(async () => {
    if (temp) await rm(temp, { recursive: true, force: true });
  });

  it('shows its steps with their progress and makes the app folder with the renamed executable', async () => {
    expect(run.stderr).toMatch(/step 1 of 3 \(0%\)[\s\S]*step 2 of 3 \(33%\)[\s\S]*step 3 of 3 \(67%\)[\s\S]*done \(100%\)/);
    const executable = path.join(appOutDir, 'notebook-hub');
    expect((await stat(executable)).mode & 0o111).not.toBe(0);
    expect(spawnSync(executable, ['--version'], { encoding: 'utf8' }).stdout).toContain('fake electron: --version');
    expect(existsSync(path.join(appOutDir, 'LICENSE.electron.txt'))).toBe(true);
  });

  it("holds the desktop host's entry, the compiled service and sandbox drivers, the built UI and the examples", async () => {
    const manifest = JSON.parse(await readFile(path.join(app, 'package.json'), 'utf8')) as { main: string; productName: string };
    expect(manifest.productName).toBe('Notebook Hub');
    for (const file of [manifest.main, 'dist/preload.cjs', 'dist/host/desktop-hub.js', 'dist/host/runtime-check.js']) {
      expect(existsSync(path.join(app, file)), file).toBe(true);
    }
    const modules = path.join(app, 'node_modules', '@notebook-hub');
    for (const file of [
      'service/dist/cli/main.js',
      'service/dist/compose/hub.js',
      'sandbox-drivers/dist/src/local/index.js',
      'sandbox-drivers/dist/runtime/pins.js',
    ]) {
      expect(existsSync(path.join(modules, file)), file).toBe(true);
    }
    for (const file of ['index.html', 'server/first-page.js', '.vite/manifest.json']) {
      expect(existsSync(path.join(modules, 'renderer', 'dist', file)), file).toBe(true);
    }
    const examples = JSON.parse(await readFile(path.join(ROOT, 'electron/examples/examples.json'), 'utf8')) as unknown;
    expect(JSON.parse(await readFile(path.join(app, 'examples', 'examples.json'), 'utf8'))).toEqual(examples);
    for (const file of ['welcome.py', 'explore-data.py']) expect(existsSync(path.join(app, 'examples', file)), file).toBe(true);
  });

  it('ships only compiled code of the workspaces: no sources, source maps, type declarations or build files', () => {
    const leaked = [...archiveEntries].filter(
      (entry) =>
        /^\/node_modules\/@notebook-hub\/[^/]+\/(src|runtime|tsconfig[^/]*\.json$)/.test(entry) ||
        /\.(map|d\.ts|tsbuildinfo)$/.test(entry) ||
        entry.endsWith('.build-stamp'),
    );
    expect(leaked).toEqual([]);
  });

  it('resolves every production dependency of the desktop host, the service and the sandbox drivers inside the package', async () => {
    const packages = [
      { dir: app, manifest: path.join(ROOT, 'electron/package.json') },
      { dir: path.join(app, 'node_modules/@notebook-hub/service'), manifest: path.join(ROOT, 'service/package.json') },
      { dir: path.join(app, 'node_modules/@notebook-hub/sandbox-drivers'), manifest: path.join(ROOT, 'sandbox-drivers/package.json') },
    ];
    for (const { dir, manifest } of packages) {
      const { dependencies } = JSON.parse(await readFile(manifest, 'utf8')) as { dependencies: Record<string, string> };
      for (const name of Object.keys(dependencies)) {
        // Node's lookup: node_modules/<name> in the package's folder, then in each folder above it.
        let found: string | null = null;
        for (let at = dir; !found && at.startsWith(app); at = path.dirname(at)) {
          const candidate = path.join(at, 'node_modules', name, 'package.json');
          if (existsSync(candidate)) found = candidate;
        }
        expect(found, `${name} (needed by ${path.relative(ROOT, manifest)})`).not.toBeNull();
      }
    }
    const fastify = createRequire(path.join(app, 'node_modules/@notebook-hub/service/package.json')).resolve('fastify');
    expect(fastify.startsWith(path.join(app, 'node_modules') + path.sep)).toBe(true);
  });

  it('holds no dev-only package', () => {
    const packaged = new Set(
      [...archiveEntries]
        .map((entry) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(entry)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    expect(packaged.has('fastify')).toBe(true);
    expect(DEV_ONLY.filter((name) => packaged.has(name))).toEqual([]);
  });

  it('puts the given wheelhouse in the resources folder, where the app finds it', async () => {
    const resources = path.join(appOutDir, 'resources');
    expect(JSON.parse(await readFile(path.join(resources, 'wheelhouse', 'wheelhouse.json'), 'utf8'))).toEqual({ wheels: ['marimo-0.0.0-py3-none-any.whl'] });
    expect(existsSync(path.join(resources, 'wheelhouse', 'marimo-0.0.0-py3-none-any.whl'))).toBe(true);
    // As the packaged app calls it: its code in resources/app.asar, Electron's resourcesPath beside.
    expect(bundledWheelhouse(archive, resources)).toBe(path.join(resources, 'wheelhouse'));
  });

  it('finds the Electron zip in ELECTRON_CACHE by itself and packages what is in it', async () => {
    // The fake distribution as a release zip, unix modes kept (the executable's too), as Electron publishes it.
    const unix = (mode: number) => ({ os: 3, attrs: (mode << 16) >>> 0 });
    const electronCache = path.join(temp, 'electron-cache');
    await mkdir(electronCache);
    const files = {
      electron: [new TextEncoder().encode('#!/bin/sh\necho "fake electron from the zip: $*"\n'), unix(0o100755)],
      LICENSE: [new TextEncoder().encode('fake Electron license\n'), unix(0o100644)],
      version: [new TextEncoder().encode(`${ELECTRON_VERSION}\n`), unix(0o100644)],
      'locales/en-US.pak': [new TextEncoder().encode('fake locale\n'), unix(0o100644)],
    } as const;
    await writeFile(path.join(electronCache, `electron-v${ELECTRON_VERSION}-linux-${process.arch}.zip`), zipSync(files as never));
    const output = path.join(temp, 'out-from-zip');
    const env = { ...envWithoutElectronZip(path.join(temp, 'no-download-cache')), ELECTRON_CACHE: electronCache };
    const fromZip = await runDist(['--dir', `-c.directories.output=${output}`], env);
    expect(fromZip.status, fromZip.stderr.slice(-4000)).toBe(0);
    const executable = path.join(output, 'linux-unpacked', 'notebook-hub');
    expect(spawnSync(executable, ['--version'], { encoding: 'utf8' }).stdout).toContain('fake electron from the zip: --version');
    expect(existsSync(path.join(output, 'linux-unpacked', 'resources', 'app.asar'))).toBe(true);
  }, 600_000);

  it("starts the hub from the package's own files and serves the packaged UI", async () => {
    const dataDir = path.join(temp, 'data');
    const script = path.join(temp, 'start-packaged-hub.mjs');
    await writeFile(
      script,
      [
        `const { startDesktopHub } = await import(${JSON.stringify(pathToFileURL(path.join(app, 'dist/host/desktop-hub.js')).href)});`,
        `const desktop = await startDesktopHub({ dataDir: ${JSON.stringify(dataDir)}, logLevel: 'silent' });`,
        'const page = await fetch(`${desktop.url}/`, { headers: desktop.launchHeaders });',
        'const html = await page.text();',
        'const refused = await fetch(`${desktop.url}/`);',
        'await desktop.close();',
        "process.stdout.write(JSON.stringify({ status: page.status, type: page.headers.get('content-type'), html, refused: refused.status }));",
      ].join('\n'),
    );
    const started = spawnSync(process.execPath, [script], { cwd: temp, encoding: 'utf8', timeout: 60_000 });
    expect(started.status, started.stderr).toBe(0);
    const result = JSON.parse(started.stdout) as { status: number; type: string; html: string; refused: number };
    expect(result.status).toBe(200);
    expect(result.type).toContain('text/html');
    const index = await readFile(path.join(app, 'node_modules/@notebook-hub/renderer/dist/index.html'), 'utf8');
    const script0 = /<script[^>]+src="([^"]+)"/.exec(index)?.[1];
    expect(script0).toBeDefined();
    // The build names its files relative to the page; the hub serves them from its own base (`/assets/…` here).
    expect(result.html).toContain(`src="/assets/${path.posix.basename(script0!)}"`);
    expect(result.refused).toBe(401);
  });
  it("previews data in worker threads started from the package's own files", async () => {
    // The data browser's previews run in worker threads whose entry and parsers (hyparquet, the CSV
    // reader) must load from the package alone: no TypeScript loader, no dev install beside it.
    const parquetFile = path.join(temp, 'cities.parquet');
    const parquet = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: Array.from({ length: 300 }, (_, index) => index), type: 'INT32' },
        { name: 'city', data: Array.from({ length: 300 }, (_, index) => `city-${index}`), type: 'STRING' },
      ],
    });
    await writeFile(parquetFile, new Uint8Array(parquet));
    const previewer = path.join(app, 'node_modules/@notebook-hub/service/dist/adapters/data-browser/preview/previewer.js');
    const script = path.join(temp, 'preview-packaged.mjs');
    await writeFile(
      script,
      [
        "import { readFile } from 'node:fs/promises';",
        `const { WorkerPreviewer } = await import(${JSON.stringify(pathToFileURL(previewer).href)});`,
        'const previewer = new WorkerPreviewer({ workers: 1, memoryMb: 64 });',
        'const budgets = { maxBytes: 1 << 20, maxRows: 100, timeoutMs: 30000, memoryMb: 64 };',
        'const preview = (name, bytes) => previewer.preview({ name, size: bytes.length, contentType: null, rows: 5, budgets,',
        '  read: async (offset, length) => bytes.subarray(offset, offset + length), signal: new AbortController().signal });',
        `const parquet = await preview('cities.parquet', new Uint8Array(await readFile(${JSON.stringify(parquetFile)})));`,
        "const csv = await preview('data.csv', new TextEncoder().encode('a,b\\n1,x\\n'));",
        'await previewer.close();',
        'process.stdout.write(JSON.stringify({ parquet, csv }));',
      ].join('\n'),
    );
    const ran = spawnSync(process.execPath, [script], { cwd: temp, encoding: 'utf8', timeout: 60_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const result = JSON.parse(ran.stdout) as { parquet: { kind: string; rows: unknown[][] }; csv: { kind: string; rows: unknown[][] } };
    expect(result.parquet.kind).toBe('table');
    expect(result.parquet.rows.slice(0, 2)).toEqual([
      [0, 'city-0'],
      [1, 'city-1'],
    ]);
    expect(result.csv.rows).toEqual([[1, 'x']]);
  });
});

describe('npm run dist, refusing before it builds anything', () => {
  it('stops before building, naming the zips and the ways to provide them, without a stack trace', async () => {
    const emptyCache = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-no-electron-'));
    try {
      const result = await runDist(['--linux', 'deb', '--win', 'nsis'], envWithoutElectronZip(emptyCache));
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`electron-v${ELECTRON_VERSION}-linux-${process.arch}.zip`);
      expect(result.stderr).toContain(`electron-v${ELECTRON_VERSION}-win32-${process.arch}.zip`);
      expect(result.stderr).toContain('node node_modules/electron/install.js');
      expect(result.stderr).toContain('ELECTRON_CACHE');
      expect(result.stderr).toContain('-c.electronDist=');
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stderr).not.toContain('step 1 of 3');
    } finally {
      await rm(emptyCache, { recursive: true, force: true });
    }
  });

  it('asks for the homepage a deb must name', async () => {
    const electronDist = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-deb-'));
    try {
      const result = await runDist(['--linux', 'deb', `-c.electronDist=${electronDist}`]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('-c.extraMetadata.homepage=');
      expect(result.stderr).not.toContain('step 1 of 3');
    } finally {
      await rm(electronDist, { recursive: true, force: true });
    }
  });

  it('refuses a --wheelhouse folder that is not a wheelhouse', async () => {
    const notAWheelhouse = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-not-wheelhouse-'));
    try {
      const result = await runDist(['--dir', '--wheelhouse', notAWheelhouse, `-c.electronDist=${notAWheelhouse}`]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('has no wheelhouse.json');
      expect(result.stderr).not.toContain('step 1 of 3');
    } finally {
      await rm(notAWheelhouse, { recursive: true, force: true });
    }
  });
});

describe('finding the Electron zip', () => {
  interface ElectronZip {
    electronZipName(version: string, platform: string, arch: string): string;
    candidateFolders(env: NodeJS.ProcessEnv, platform: string, homeDir: string): string[];
    folderWithZips(zipNames: string[], folders: string[]): string | null;
  }
  const load = async () => (await import(pathToFileURL(path.join(ROOT, 'electron/scripts/electron-zip.mjs')).href)) as ElectronZip;

  it("finds the zips in ELECTRON_CACHE, else in Electron's download cache, and nowhere else", async () => {
    const zip = await load();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'notebook-hub-electron-zip-'));
    try {
      const linux = zip.electronZipName('41.7.1', 'linux', 'x64');
      const windows = zip.electronZipName('41.7.1', 'win32', 'x64');
      expect(linux).toBe('electron-v41.7.1-linux-x64.zip');
      const home = path.join(dir, 'home');
      // Electron's installer keeps a download in a folder named after a hash of its URL.
      const downloads = path.join(home, '.cache', 'electron', 'c0ffee');
      await mkdir(downloads, { recursive: true });
      expect(zip.folderWithZips([linux], zip.candidateFolders({}, 'linux', home))).toBeNull();
      await writeFile(path.join(downloads, linux), 'zip');
      expect(zip.folderWithZips([linux], zip.candidateFolders({}, 'linux', home))).toBe(downloads);
      expect(zip.folderWithZips([linux, windows], zip.candidateFolders({}, 'linux', home))).toBeNull();
      const given = path.join(dir, 'given');
      await mkdir(given);
      await writeFile(path.join(given, linux), 'zip');
      await writeFile(path.join(given, windows), 'zip');
      expect(zip.folderWithZips([linux, windows], zip.candidateFolders({ ELECTRON_CACHE: given }, 'linux', home))).toBe(given);
      expect(zip.folderWithZips([linux], zip.candidateFolders({ ELECTRON_CACHE: given }, 'linux', home))).toBe(given);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the electron-builder configuration', () => {
  interface BuilderConfig {
    appId?: string;
    productName?: string;
    linux?: { target?: unknown };
    mac?: { target?: unknown };
    win?: { target?: unknown };
    extraResources?: unknown;
  }
  const configModule = builderRequire('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<BuilderConfig>;
    validateConfiguration(config: BuilderConfig, debugLogger: unknown): Promise<void>;
  };
  const { DebugLogger } = builderRequire('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

  it("passes electron-builder's own check, with every platform's target", async () => {
    const config = await configModule.getConfig(path.join(ROOT, 'electron'), BUILDER_CONFIG, null);
    await expect(configModule.validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config).toMatchObject({ appId: 'dev.notebook-hub.desktop', productName: 'Notebook Hub' });
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toBe('dmg');
    expect(config.win?.target).toBe('nsis');
    expect(config.extraResources).toEqual([{ from: 'wheelhouse', to: 'wheelhouse' }]);
    // The check does refuse a configuration electron-builder does not know.
    await expect(
      configModule.validateConfiguration({ ...config, win: { target: 'nsis', notAnOption: true } as never }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration\.win/);
  });
});
