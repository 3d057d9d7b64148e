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
 * Ships the given wheelhouse in place of electron/wheelhouse; says when none ships. The config
 * file's own wheelhouse entry is dropped (electron-builder would add both): the configuration is
 * loaded and merged with the command line's settings by electron-builder's own functions.
 */
async function provideWheelhouse(options, wheelhouse, log) {
  if (!wheelhouse) {
    if (!existsSync(path.join(DEFAULT_WHEELHOUSE, 'wheelhouse.json'))) {
      log('No wheelhouse in electron/wheelhouse: the app will install its notebook runtime from the package index on first use.');
    }
    return;
  }
  if (!existsSync(path.join(wheelhouse, 'wheelhouse.json'))) {
    throw new DistError(`${wheelhouse} is not a wheelhouse (it has no wheelhouse.json): build one with node scripts/build-wheelhouse.mjs --out <folder>.`);
  }
  const { getConfig, doMergeConfigs } = builderRequire('app-builder-lib/out/util/config/config.js');
  const { extends: configFile, ...overrides } = options.config;
  const fromFile = await getConfig(ELECTRON_DIR, path.resolve(configFile ?? BUILDER_CONFIG), null);
  const isWheelhouse = (entry) => typeof entry === 'object' && entry !== null && entry.to === 'wheelhouse';
  fromFile.extraResources = [...[fromFile.extraResources ?? []].flat().filter((entry) => !isWheelhouse(entry)), { from: wheelhouse, to: 'wheelhouse' }];
  options.config = { ...doMergeConfigs([fromFile, overrides]), extends: null };
}

export async function dist(argv, log = (line) => process.stderr.write(`${line}\n`)) {
  const { wheelhouse, builderArgs } = splitArguments(argv);
  const options = builderOptions(builderArgs);
  provideElectron(options);
  await provideWheelhouse(options, wheelhouse, log);

  log('npm run dist: step 1 of 3 (0%): building the hub and the web UI');
  await ensureBuilt({ log });
  log('npm run dist: step 2 of 3 (33%): compiling the desktop host');
  compileDesktopHost();
  log('npm run dist: step 3 of 3 (67%): packaging with electron-builder');
  const { build } = require('electron-builder');
  const artifacts = await build(options);
  log('npm run dist: done (100%)');
  return artifacts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const artifacts = await dist(process.argv.slice(2));
    for (const artifact of artifacts) process.stdout.write(`${path.relative(process.cwd(), artifact)}\n`);
  } catch (error) {
    // A clear message, not a stack trace: electron-builder's errors say what went wrong in their message.
    process.stderr.write(`\nnpm run dist failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
