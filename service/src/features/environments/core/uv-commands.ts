import type { SandboxMount } from '../../../core/ports/sandbox-driver.js';
import type { EnvironmentTarget } from './environment-model.js';

/**
 * The uv command lines locked environments run in their sandboxes (docs/environments.md). Both
 * ignore uv's configuration files and the index variables the sandbox may have been given: the
 * deployment's package index and the project's private ones are the only indexes, and the
 * notebook's own `[tool.uv]` settings (`find-links` to a folder of its workspace) the only other
 * source.
 */

/** Where the lock is written in a resolution's workspace, and read from in a build's. */
export const LOCK_FILE = '.notebook-hub-lock.txt';

/** Index settings a sandbox may inherit from the hub's environment, emptied for these commands. */
export const UV_INDEX_VARIABLES: Readonly<Record<string, string>> = {
  UV_INDEX_URL: '',
  UV_DEFAULT_INDEX: '',
  UV_EXTRA_INDEX_URL: '',
  UV_INDEX: '',
  UV_FIND_LINKS: '',
  PIP_INDEX_URL: '',
  PIP_EXTRA_INDEX_URL: '',
  UV_NO_PROGRESS: '1',
};

const COMMON = ['--color', 'never', '--no-config', '--python', 'python3'];

/** A project's private package index (a `python_index` integration), as uv is given it. */
export interface PrivateIndex {
  /** The integration's name, for messages. */
  name: string;
  url: string;
  username: string | null;
  password: string | null;
}

/**
 * Where uv finds packages: the project's private indexes, then the deployment's index; or,
 * offline (SERVICE_PACKAGE_INDEX_OFFLINE), only folders of wheels on this machine, at the paths
 * the sandbox sees them.
 */
export type PackageSource = { index: string; privateIndexes: readonly PrivateIndex[] } | { wheelFolders: readonly string[] };

/** The package source of one resolution or build, and what its sandbox mounts to see the folders (a container). */
export interface PackageAccess {
  source: PackageSource;
  mounts: SandboxMount[];
}

/** The wheel folders a source reads (none for an index). */
export const wheelFoldersOf = (source: PackageSource): readonly string[] => ('wheelFolders' in source ? source.wheelFolders : []);

/**
 * The environment of a resolution's or build's uv command: the index variables emptied, and the
 * project's private indexes named `hub-index-<n>` in `UV_INDEX`, asked before the deployment's
 * (uv takes a package from the first index that has it), with their credentials in uv's
 * variables for named indexes. On no command line, and never in what uv writes (the lock).
 */
export function uvEnvironment(source: PackageSource): Record<string, string> {
  const privateIndexes = 'index' in source ? source.privateIndexes : [];
  return { ...UV_INDEX_VARIABLES, ...privateIndexVariables(privateIndexes) };
}

/**
 * uv's variables naming the private indexes `hub-index-<n>` in `UV_INDEX`, which uv asks before
 * its default index, with their credentials; nothing when there are none.
 */
export function privateIndexVariables(privateIndexes: readonly PrivateIndex[]): Record<string, string> {
  if (privateIndexes.length === 0) return {};
  const env: Record<string, string> = { UV_INDEX: privateIndexes.map((index, n) => `hub-index-${n + 1}=${index.url}`).join(' ') };
  privateIndexes.forEach((index, n) => {
    if (index.username !== null) env[`UV_INDEX_HUB_INDEX_${n + 1}_USERNAME`] = index.username;
    if (index.password !== null) env[`UV_INDEX_HUB_INDEX_${n + 1}_PASSWORD`] = index.password;
  });
  return env;
}

function sourceArgs(source: PackageSource): string[] {
  return 'index' in source ? ['--index-url', source.index] : ['--no-index', ...source.wheelFolders.flatMap((folder) => ['--find-links', folder])];
}

/** Resolves the notebook's PEP 723 block into a lock with every file's hash, for the sandbox's Python. */
export function compileArgv(entryFile: string, source: PackageSource): string[] {
  return [
    'uv',
    'pip',
    'compile',
    ...COMMON,
    ...sourceArgs(source),
    '--generate-hashes',
    '--emit-find-links',
    '--no-header',
    '--no-annotate',
    '--output-file',
    LOCK_FILE,
    entryFile,
  ];
}

/** Installs exactly the lock into `target`: no dependency of its own, every file checked against its hash, compiled, copied. */
export function installArgv(target: string, source: PackageSource): string[] {
  return [
    'uv',
    'pip',
    'install',
    ...COMMON,
    ...sourceArgs(source),
    '--target',
    target,
    '--no-deps',
    '--require-hashes',
    '--compile-bytecode',
    '--link-mode',
    'copy',
    '--requirements',
    LOCK_FILE,
  ];
}

/** Prints the sandbox Python as an {@link EnvironmentTarget} (one JSON line). */
export const TARGET_ARGV = [
  'python3',
  '-c',
  [
    'import json, platform, sys, sysconfig',
    'libc = platform.libc_ver()',
    'print(json.dumps({"implementation": sys.implementation.name, "python": platform.python_version(), "platform": sysconfig.get_platform(), "libc": "%s-%s" % libc if libc[0] else ""}))',
  ].join('\n'),
];

export function parseTarget(stdout: string): EnvironmentTarget {
  const line = stdout.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as Partial<EnvironmentTarget>;
  const field = (value: unknown) => (typeof value === 'string' && value.length <= 100 ? value : null);
  const target = {
    implementation: field(parsed.implementation),
    python: field(parsed.python),
    platform: field(parsed.platform),
    libc: field(parsed.libc),
  };
  if (!target.implementation || !target.python || !target.platform || target.libc === null) throw new Error(`not a Python target: ${line.slice(0, 200)}`);
  return target as EnvironmentTarget;
}

/** uv's progress lines, which say nothing about why it failed. */
const NOISE = /^(Using (CPython|Python|PyPy)|Resolved \d+ package|Prepared \d+ package|Installed \d+ package|Audited \d+ package|Bytecode compiled)/;

/** The part of uv's output that says why it failed: its error, at most 40 lines and 4 KiB. */
export function uvReason(stderr: string): string {
  const lines = stderr
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !NOISE.test(line.trim()));
  const reason = lines.slice(-40).join('\n');
  return reason.length > 4096 ? `…${reason.slice(-4095)}` : reason || 'uv gave no reason';
}

/** The step uv reports when an install is over ("Installed 12 packages in 1.2s"), as a package count. */
export function installedCount(stderr: string): number | null {
  const match = /Installed (\d+) packages?/.exec(stderr);
  return match ? Number(match[1]) : null;
}
