/**
 * Locked environments on Kubernetes (the single-node test cluster, real marimo and uv). Prints the
 * median time from `POST /sessions` to the first page served through the proxy for a notebook
 * needing pandas, polars and scikit-learn:
 *  - cold: the environment's archive is not in the object store: a build pod installs the lock and
 *    packs it, the hub stores the archive, and the session's pod unpacks it;
 *  - archive hit: the archive is in the store, the session's pod only unpacks it;
 * beside the same start of a notebook without dependencies, in turns in the same run, with the
 * archive's size. The wheels are the ones environments.bench.ts fetched once into the test cache
 * (`bench-wheels/dataframes`), served by an index in a pod of the cluster; BENCH_QUICK=1 (the
 * smoke test) uses two small generated wheels instead. BENCH_RUNS sets the starts per case (3).
 */
import './support/machine-load.js';
import { existsSync, readdirSync } from 'node:fs';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { createHub } from '../../service/src/compose/hub.js';
import { readSettings } from '../../service/src/config/settings.js';
import type { LockedEnvironmentServices } from '../../service/src/features/environments/index.js';
import { testCacheDir } from '../setup/cache-dir.js';
import { provisionDocker } from '../setup/docker.js';
import { provisionKubernetes } from '../setup/kubernetes.js';
import { startClusterPackageIndex } from '../support/cluster-package-index.js';
import { kubernetesDriverEnv, testNamespace } from '../support/kubernetes-cluster.js';
import { withDependencies } from '../support/local-wheel.js';
import { makeTempDir } from '../support/temp-dir.js';
import { benchClient } from './support/bench-client.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 1 : 3));
const REAL_WHEELS = testCacheDir('bench-wheels', 'dataframes');
const real = !quick && existsSync(`${REAL_WHEELS}/.complete`);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number): string => `${value.toFixed(0).padStart(7)} ms`;
const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

const docker = await provisionDocker();
const cluster = await provisionKubernetes(docker);
if (!quick && !real) console.log(`(no ${REAL_WHEELS} yet: run environments.bench.ts once to fetch the real wheels; small generated ones are used)`);
const index = await startClusterPackageIndex(
  cluster,
  real
    ? { folder: REAL_WHEELS }
    : [
        { name: 'benchprobe-core', version: '1.0.0' },
        { name: 'benchprobe-frames', version: '1.0.0', requires: ['benchprobe-core'] },
      ],
);
const dependencies = real ? ['pandas', 'polars', 'scikit-learn'] : ['benchprobe-frames'];
const space = await testNamespace(cluster, 'bench-envs');
const temp = await makeTempDir('k8s-envs-bench');
const settings = readSettings({
  SERVICE_DATA_DIR: temp.dir,
  SERVICE_PORT: '0',
  SERVICE_LOG_LEVEL: 'silent',
  SERVICE_RUN_MAINTENANCE: 'false',
  SERVICE_AUTOMATIC_THUMBNAILS: 'false',
  ...kubernetesDriverEnv(cluster, space.namespace),
  SERVICE_LOCKED_ENVIRONMENTS: 'on',
  SERVICE_PACKAGE_INDEX_URL: index.url,
  SERVICE_PACKAGE_INDEX_ALLOW_HTTP: 'true',
  SERVICE_PACKAGE_INDEX_ALLOW_PRIVATE_NETWORKS: 'true',
});
const hub = await createHub({ settings, logger: createLogger('silent') });
try {
  const url = await hub.listen();
  const locked = (hub.services as unknown as { lockedEnvironments: LockedEnvironmentServices }).lockedEnvironments;
  console.log(`# locked environments on Kubernetes (single-node test cluster), median of ${RUNS} starts per case`);
  const wheels = real ? readdirSync(REAL_WHEELS).filter((file) => file.endsWith('.whl')).length : 2;
  console.log(`dependencies: ${dependencies.join(', ')} (${wheels} wheels), from a package index in a pod`);
  const { headers, api, projectWithNotebooks } = await benchClient(hub, url);
  const { pid, notebookIds } = await projectWithNotebooks(3 * RUNS);
  const plain = notebookIds.slice(0, RUNS);
  const withDeps = notebookIds.slice(RUNS);
  const blank = await (await fetch(`${url}/api/v1/projects/${pid}/notebooks/${withDeps[0]}/code`, { headers })).text();
  let environmentId = '';
  for (const nid of withDeps) {
    const base = ((await api(`/projects/${pid}/notebooks/${nid}`)).source as { current_version_id: string }).current_version_id;
    const saved = await api(`/projects/${pid}/notebooks/${nid}/versions`, { code: withDependencies(blank, dependencies), base_version_id: base });
    let view = await api(`/projects/${pid}/notebooks/${nid}/versions/${String(saved.version_id)}/environment`);
    while (view.status === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await api(`/projects/${pid}/notebooks/${nid}/versions/${String(saved.version_id)}/environment`);
    }
    if (view.status !== 'locked') throw new Error(`the bench notebook did not lock: ${JSON.stringify(view)}`);
    environmentId = view.environment_id as string;
  }

  /** POST the session (answered once it runs), load its page through the proxy, stop it. */
  const startToPage = async (notebookId: string): Promise<number> => {
    const began = performance.now();
    const session = await api(`/projects/${pid}/sessions`, { notebook_id: notebookId, mode: 'edit', wait: true });
    const page = await fetch(`${url}/s/${String(session.id)}/`, { headers });
    await page.text();
    if (session.state !== 'running' || !page.ok)
      throw new Error(`session ${String(session.id)} is ${String(session.state)}: ${JSON.stringify(session.failure)}`);
    const took = performance.now() - began;
    await api(`/projects/${pid}/sessions/${String(session.id)}/stop`, { save: false });
    return took;
  };
  const cases = { plain: [] as number[], cold: [] as number[], hit: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    // Cold: the archive is taken out of the store, so the start builds it again.
    await locked.archives!.evict(0);
    cases.cold.push(await startToPage(withDeps[run]!));
    const turns = [async () => cases.plain.push(await startToPage(plain[run]!)), async () => cases.hit.push(await startToPage(withDeps[RUNS + run]!))];
    for (const step of run % 2 === 0 ? turns : turns.reverse()) await step();
  }
  const archive = await locked.archives!.find(environmentId);
  const plainMedian = median(cases.plain);
  const hitMedian = median(cases.hit);
  console.log(`POST session to first proxied page, no dependencies:          ${ms(plainMedian)}`);
  console.log(`POST session to first proxied page, cold (built in a pod):    ${ms(median(cases.cold))}`);
  console.log(`POST session to first proxied page, archive hit (unpacked):   ${ms(hitMedian)}`);
  console.log(`archive hit / no dependencies: ${(hitMedian / plainMedian).toFixed(2)} (goal <= 1.15: ${hitMedian / plainMedian <= 1.15 ? 'met' : 'NOT met'})`);
  console.log(`archive: ${mib(archive?.archive_bytes ?? 0)} in the store, ${mib(archive?.unpacked_bytes ?? 0)} in ${archive?.files ?? 0} files unpacked`);
  console.log(`environment builds: ${locked.builds.stats().builds} (one per cold start)`);
} finally {
  for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id).catch(() => {});
  await hub.close();
  await index.close();
  await space.remove().catch(() => {});
  await temp.cleanup();
  await cluster.stop();
  await docker.stop();
}
