#!/usr/bin/env node
/**
 * Builds a wheelhouse: every wheel the sandbox runtime (the pinned marimo and uv, and what they
 * depend on) needs, for this machine's platform and Python, so the runtime can be created without
 * the network (docs/desktop.md, "Offline"). The desktop app bundles one; the local driver installs
 * from it when `SERVICE_SANDBOX_WHEELHOUSE` names it.
 *
 *   node scripts/build-wheelhouse.mjs [--out electron/wheelhouse] [--python python3] [--with polars --with 'pandas<3' ...]
 *
 * `--with` adds packages notebooks need (and what they depend on): an app that builds its
 * notebooks' environments offline (SERVICE_PACKAGE_INDEX_OFFLINE) finds their wheels here too.
 *
 * Writes the wheels and `wheelhouse.json` (the requirements, Python version and platform it was
 * built for). Run it on each target platform (wheels are platform-specific).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(ROOT, 'electron', 'wheelhouse') },
    python: { type: 'string', default: process.env.PYTHON ?? 'python3' },
    with: { type: 'string', multiple: true, default: [] },
  },
});
const out = path.resolve(values.out);
const python = values.python;

/** The pins, read from the one place they are kept (as build/sandbox-image/pins.sh does). */
async function requirements() {
  const pins = await readFile(path.join(ROOT, 'sandbox-drivers', 'runtime', 'pins.ts'), 'utf8');
  const pin = (name) => {
    const match = new RegExp(`^export const ${name} = '([^']+)';$`, 'm').exec(pins);
    if (!match) throw new Error(`${name} not found in sandbox-drivers/runtime/pins.ts`);
    return match[1];
  };
  return [`marimo==${pin('MARIMO_VERSION')}`, `uv==${pin('UV_VERSION')}`];
}

function pythonVersion() {
  const probe = spawnSync(python, ['-c', 'import sys, platform; print(f"{sys.version_info[0]}.{sys.version_info[1]}", platform.machine())'], {
    encoding: 'utf8',
  });
  if (probe.status !== 0) throw new Error(`${python} does not run: ${probe.error?.message ?? probe.stderr}`);
  const pip = spawnSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8' });
  if (pip.status !== 0) throw new Error(`${python} has no pip (install python3-pip, or pass --python with one that has)`);
  const [version, machine] = probe.stdout.trim().split(' ');
  return { version, machine };
}

/** Runs pip download, printing one progress line per wheel saved. */
function download(wanted) {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-m', 'pip', 'download', '--disable-pip-version-check', '--only-binary=:all:', '--dest', out, ...wanted], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let saved = 0;
    let tail = '';
    const onData = (chunk) => {
      const text = chunk.toString('utf8');
      tail = (tail + text).slice(-4000);
      for (const line of text.split(/\r?\n/)) {
        const name = /^(?:Saved|File was already downloaded) (.+)$/.exec(line.trim())?.[1];
        if (name) process.stderr.write(`[wheelhouse] ${String(++saved).padStart(3)} ${path.basename(name)}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(saved) : reject(new Error(`pip download failed (exit ${code}):\n${tail}`))));
  });
}

const wanted = [...(await requirements()), ...values.with];
const { version, machine } = pythonVersion();
await mkdir(out, { recursive: true });
process.stderr.write(`[wheelhouse] ${wanted.join(', ')} for Python ${version} on ${process.platform}/${machine}, into ${out}\n`);
await download(wanted);
const wheels = (await readdir(out)).filter((file) => file.endsWith('.whl')).sort();
await writeFile(
  path.join(out, 'wheelhouse.json'),
  `${JSON.stringify({ requirements: wanted, python: version, platform: process.platform, machine, wheels, built_at: new Date().toISOString() }, null, 2)}\n`,
);
process.stderr.write(`[wheelhouse] done: ${wheels.length} wheels\n`);
