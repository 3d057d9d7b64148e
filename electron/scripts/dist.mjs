#!/usr/bin/env node
// `npm run dist`: packages the desktop app with electron-builder (docs/desktop.md, "Packaging").
// Brings the hub's build up to date (the service, the sandbox drivers and the web UI), compiles the
// desktop host, then runs electron-builder on electron/ with build/electron-builder.yml, for the
// current platform unless told otherwise. Every argument but --wheelhouse goes to electron-builder
// (`npm run dist -- --linux deb`, `--dir`, `-c.electronDist=...`).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from '../../scripts/build.mjs';
import { candidateFolders, electronZipName, folderWithZips, missingZipMessage } from './electron-zip.mjs';
import { compileDesktopHost, ELECTRON_DIR, ROOT } from './host-build.mjs';

export const BUILDER_CONFIG = path.join(ROOT, 'build', 'electron-builder.yml');
const DEFAULT_WHEELHOUSE = path.join(ELECTRON_DIR, 'wheelhouse');
const require = createRequire(path.join(ROOT, 'package.json'));
/** Loads electron-builder's own modules (app-builder-lib) as electron-builder resolves them. */
const builderRequire = (id) => createRequire(require.resolve('electron-builder'))(id);

class DistError extends Error {}

/** Takes `--wheelhouse <dir>` (or `--wheelhouse=<dir>`) out of the arguments; the rest are electron-builder's. */
function splitArguments(argv) {
  const rest = [];
  let wheelhouse = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--wheelhouse') {
      if (i + 1 >= argv.length) throw new DistError('--wheelhouse needs a folder: npm run dist -- --wheelhouse electron/wheelhouse');
      wheelhouse = argv[++i];
    } else if (arg.startsWith('--wheelhouse=')) {
      wheelhouse = arg.slice('--wheelhouse='.length);
    } else {
      rest.push(arg);
    }
  }
  return { wheelhouse: wheelhouse === null ? null : path.resolve(wheelhouse), builderArgs: rest };
}

/** electron-builder's options for these arguments, parsed by electron-builder's own command line. */
function builderOptions(builderArgs) {
  const { createYargs, configureBuildCommand, normalizeOptions } = require('electron-builder/out/builder.js');
  const parsed = configureBuildCommand(createYargs()).parse(['--config', BUILDER_CONFIG, '--projectDir', ELECTRON_DIR, ...builderArgs]);
  const options = normalizeOptions(parsed);
  // A config given only as a file is made an object that extends it, so overrides can be added.
  if (typeof options.config === 'string') options.config = { extends: options.config };
  return options;
}

/** The Electron zips these targets need: one per platform and architecture (the host's when none is named). */
function neededZips(options, version) {
  const { Arch } = require('electron-builder');
  const names = new Set();
  for (const [platform, archToType] of options.targets) {
    const arches = archToType.size > 0 ? [...archToType.keys()].map((arch) => Arch[arch]) : [process.arch];
    for (const arch of arches.flatMap((name) => (name === 'universal' ? ['x64', 'arm64'] : [name]))) {
      names.add(electronZipName(version, platform.nodeName, arch));
    }
  }
  return [...names];
}

/** Sets `electronDist` to the folder holding the needed zips, unless one was given; throws with what to do when there is none. */
function provideElectron(options) {
  if (options.config.electronDist != null) return;
  const version = JSON.parse(readFileSync(require.resolve('electron/package.json', { paths: [ELECTRON_DIR] }), 'utf8')).version;
  const zips = neededZips(options, version);
  const folder = folderWithZips(zips, candidateFolders());
  if (folder) {
    options.config.electronDist = folder;
    return;
  }
  // A configured mirror may be reachable: let electron-builder download from it.
  if (process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror) return;
  throw new DistError(missingZipMessage(version, zips));
}

/**
 * The configuration electron-builder will use: build/electron-builder.yml (or the file given with
 * --config) merged with the command line's `-c.*` settings, by electron-builder's own functions,
 * after `adjust` has changed the file's part.
 */
async function resolveConfig(options, adjust) {
  const { getConfig, doMergeConfigs } = builderRequire('app-builder-lib/out/util/config/config.js');
  const { extends: configFile, ...overrides } = options.config;
  const fromFile = await getConfig(ELECTRON_DIR, path.resolve(configFile ?? BUILDER_CONFIG), null);
  adjust(fromFile);
  // `extends: null`: everything is resolved here, nothing more is to be loaded.
  options.config = { ...doMergeConfigs([fromFile, overrides]), extends: null };
}

/**
 * Ships the given wheelhouse in place of electron/wheelhouse (the configuration's own entry is
 * dropped: electron-builder would copy both); says when none ships.
 */
function provideWheelhouse(config, wheelhouse, log) {
  if (!wheelhouse) {
    if (!existsSync(path.join(DEFAULT_WHEELHOUSE, 'wheelhouse.json'))) {
      log('No wheelhouse in electron/wheelhouse: the app will install its notebook runtime from the package index on first use.');
    }
    return;
  }
  if (!existsSync(path.join(wheelhouse, 'wheelhouse.json'))) {
    throw new DistError(`${wheelhouse} is not a wheelhouse (it has no wheelhouse.json): build one with node scripts/build-wheelhouse.mjs --out <folder>.`);
  }
  const isWheelhouse = (entry) => typeof entry === 'object' && entry !== null && entry.to === 'wheelhouse';
  config.extraResources = [...[config.extraResources ?? []].flat().filter((entry) => !isWheelhouse(entry)), { from: wheelhouse, to: 'wheelhouse' }];
}

/** Whether a deb is among the targets: named on the command line, or the configuration's Linux default when none is. */
function buildsDeb(options) {
  const { Platform } = require('electron-builder');
  const linux = options.targets.get(Platform.LINUX);
  if (!linux) return false;
  const named = [...linux.values()].flat();
  const targets = named.length > 0 ? named : [options.config.linux?.target ?? []].flat().map((target) => (typeof target === 'string' ? target : target.target));
  return targets.includes('deb');
}

/**
 * A deb names its project's homepage, and electron-builder refuses to build one without: the project
 * has no public address yet, so whoever builds a deb gives it (said before anything is built).
 */
function checkDebMetadata(options) {
  if (!buildsDeb(options)) return;
  const manifest = JSON.parse(readFileSync(path.join(ELECTRON_DIR, 'package.json'), 'utf8'));
  if (manifest.homepage || options.config.extraMetadata?.homepage) return;
  throw new DistError(
    [
      "A deb package names the project's homepage, and none is set. Give it on the command line:",
      '',
      '    npm run dist -- --linux deb -c.extraMetadata.homepage=https://<where the project lives>',
      '',
      'or set "homepage" in electron/package.json. (npm run dist -- --linux AppImage builds without one.)',
      '',
    ].join('\n'),
  );
}

/** The network errors of a download (electron-builder fetches its packaging tools from GitHub at first use). */
const isDownloadFailure = (error) =>
  ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH'].includes(error?.code) ||
  /getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/.test(String(error?.message));

const DOWNLOAD_HINT = [
  '',
  'electron-builder downloads the tools for each installer format (AppImage tools, fpm for deb, NSIS, the',
  'icon converter for macOS and Windows) from GitHub the first time it needs them, into its cache',
  '(ELECTRON_BUILDER_CACHE, by default ~/.cache/electron-builder on Linux). Run it once where GitHub is',
  'reachable, or copy that cache from such a machine (electron-builder\'s guide "Offline / Air-Gapped Builds"',
  'gives the layout); npm run dist -- --dir needs none of them.',
  '',
].join('\n');

export async function dist(argv, log = (line) => process.stderr.write(`${line}\n`)) {
  const { wheelhouse, builderArgs } = splitArguments(argv);
  const options = builderOptions(builderArgs);
  await resolveConfig(options, (config) => provideWheelhouse(config, wheelhouse, log));
  provideElectron(options);
  checkDebMetadata(options);

  log('npm run dist: step 1 of 3 (0%): building the hub and the web UI');
  await ensureBuilt({ log });
  log('npm run dist: step 2 of 3 (33%): compiling the desktop host');
  compileDesktopHost();
  log('npm run dist: step 3 of 3 (67%): packaging with electron-builder');
  const { build } = require('electron-builder');
  try {
    const artifacts = await build(options);
    log('npm run dist: done (100%)');
    return artifacts;
  } catch (error) {
    if (isDownloadFailure(error)) throw new DistError(`${error.message}\n${DOWNLOAD_HINT}`);
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const artifacts = await dist(process.argv.slice(2));
    for (const artifact of artifacts) process.stdout.write(`${path.relative(process.cwd(), artifact)}\n`);
  } catch (error) {
    // A clear message, not a stack trace: electron-builder's errors say what went wrong in their message.
    process.stderr.write(`\nnpm run dist failed: ${error instanceof Error ? error.message : String(error)}\n`);
    // Exit now: electron-builder's exit hook (async-exit-hook) would end the process with 0 on 'beforeExit'.
    process.exit(1);
  }
}
