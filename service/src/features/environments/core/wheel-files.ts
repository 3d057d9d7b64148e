import type { WheelFile } from '../../../core/ports/local-wheels.js';
import type { EnvironmentTarget, LockedPackage } from './environment-model.js';
import type { LockRequirement } from './lock-file.js';

/**
 * Offline builds (docs/environments.md, "Offline"): which of a lock's packages this machine has a
 * wheel for. A wheel is the one a lock pins when its SHA-256 is among the requirement's hashes,
 * and it installs here when one of its tags fits the sandboxes' Python (PEP 425 / the binary
 * distribution format's file name).
 */

interface WheelName {
  name: string;
  version: string;
  pythons: string[];
  abis: string[];
  platforms: string[];
}

const normalized = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

/** `{name}-{version}(-{build})?-{python}-{abi}-{platform}.whl`, its tag sets split; null for any other name. */
export function parseWheelName(filename: string): WheelName | null {
  if (!filename.endsWith('.whl')) return null;
  const parts = filename.slice(0, -'.whl'.length).split('-');
  if (parts.length !== 5 && parts.length !== 6) return null;
  const [name, version] = parts as [string, string];
  const [python, abi, platform] = parts.slice(-3) as [string, string, string];
  return { name: normalized(name), version, pythons: python.split('.'), abis: abi.split('.'), platforms: platform.split('.') };
}

/** Whether a wheel of this name installs for the target's Python and platform. */
export function wheelFits(filename: string, target: EnvironmentTarget): boolean {
  const wheel = parseWheelName(filename);
  if (!wheel) return false;
  const pythonFits = wheel.pythons.some((python) => wheel.abis.some((abi) => tagFits(python, abi, target)));
  return pythonFits && wheel.platforms.some((platform) => platformFits(platform, target));
}

function tagFits(python: string, abi: string, target: EnvironmentTarget): boolean {
  const [major = '', minor = ''] = target.python.split('.');
  const exact = `${major}${minor}`;
  const generic = python === `py${major}` || python === `py${exact}`;
  if (target.implementation !== 'cpython') {
    // PyPy and others: pure-Python wheels, and those of their own implementation's version.
    return (generic && abi === 'none') || (python === `pp${exact}` && abi !== 'abi3');
  }
  if (abi === 'none') return generic || python === `cp${exact}`;
  if (abi === 'abi3') {
    const built = /^cp(\d)(\d+)$/.exec(python);
    return built !== null && built[1] === major && Number(built[2]) <= Number(minor);
  }
  return python === `cp${exact}` && abi === `cp${exact}`;
}

function platformFits(tag: string, target: EnvironmentTarget): boolean {
  if (tag === 'any') return true;
  const platform = target.platform;
  if (platform.startsWith('linux-')) {
    if (!tag.endsWith(`_${platform.slice('linux-'.length)}`)) return false;
    if (tag.startsWith('linux_')) return true;
    const glibc = /^glibc-(\d+)\.(\d+)/.exec(target.libc);
    if (tag.startsWith('musllinux_')) return glibc === null;
    const needs = manylinuxGlibc(tag);
    return needs !== null && glibc !== null && (Number(glibc[1]) > needs[0] || (Number(glibc[1]) === needs[0] && Number(glibc[2]) >= needs[1]));
  }
  if (platform.startsWith('macosx-')) {
    if (!tag.startsWith('macosx_')) return false;
    const arch = platform.slice(platform.lastIndexOf('-') + 1);
    const wheelArch = tag.split('_').slice(3).join('_');
    // A universal2 interpreter runs on either architecture: what this Mac is, sysconfig does not say.
    return arch === 'universal2' || wheelArch === arch || wheelArch === 'universal2' || (arch === 'x86_64' && wheelArch === 'intel');
  }
  if (platform === 'win32') return tag === 'win32';
  if (platform.startsWith('win-')) return tag === `win_${platform.slice('win-'.length)}`;
  return tag.replace(/[-.]/g, '_') === platform.replace(/[-.]/g, '_');
}

/** The glibc a manylinux tag needs, as [major, minor]. */
function manylinuxGlibc(tag: string): [number, number] | null {
  const pep600 = /^manylinux_(\d+)_(\d+)_/.exec(tag);
  if (pep600) return [Number(pep600[1]), Number(pep600[2])];
  const legacy: Record<string, [number, number]> = { manylinux1: [2, 5], manylinux2010: [2, 12], manylinux2014: [2, 17] };
  return legacy[tag.split('_')[0]!] ?? null;
}

/**
 * The packages of a lock this machine has no wheel for (`available`): a requirement is there when
 * a wheel with one of its hashes fits the target (by name and version when the lock has no
 * hashes). A direct reference to a file is read where it is; one to a URL needs the network.
 */
export function missingWheels(requirements: readonly LockRequirement[], available: readonly WheelFile[], target: EnvironmentTarget): LockedPackage[] {
  const byHash = new Map<string, WheelFile[]>();
  for (const wheel of available) byHash.set(wheel.sha256, [...(byHash.get(wheel.sha256) ?? []), wheel]);
  const present = (requirement: LockRequirement): boolean => {
    if (requirement.url !== null) return requirement.url.startsWith('file:');
    const candidates =
      requirement.hashes.length > 0
        ? requirement.hashes.flatMap((hash) => byHash.get(hash) ?? [])
        : available.filter((wheel) => {
            const name = parseWheelName(wheel.filename);
            return name?.name === normalized(requirement.name) && name.version === requirement.version;
          });
    return candidates.some((wheel) => wheelFits(wheel.filename, target));
  };
  return requirements.filter((requirement) => !present(requirement)).map(({ name, version }) => ({ name, version }));
}
