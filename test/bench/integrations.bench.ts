/**
 * Integrations benchmark (docs/integrations.md, "Speed"). Prints, in one run, each beside its
 * baseline measured alternately with it:
 *  1. Session start with three integrations rendered into the sandbox (PostgreSQL, S3 and an HTTP
 *     API, their secrets stored sealed) next to a start with none: `POST /sessions` to the first
 *     page through the proxy, cold (a session that receives anything never takes a warm sandbox,
 *     so neither side has a warm pool), local driver, real marimo. Goal: at most 1.05x.
 *  2. "Test connection" of a PostgreSQL integration next to the driver's own connect: `pg` signing
 *     in, `SHOW server_version`, closing, the work the test does. The goal (at most 1.2x) is the
 *     test's own latency, its `duration_ms` (the secrets resolved, the address checked, the
 *     connection tried); the request around it (`POST .../integrations/{iid}/test`: the token and
 *     the project checked, the integration read, the audit entry synced to disk) is printed beside
 *     it. The same for MariaDB with `mysql2` where a server is at hand.
 * BENCH_RUNS sets the runs per side (default 7), BENCH_QUICK=1 makes it 2. PostgreSQL and MariaDB
 * are those the test set-up gives (BENCH_POSTGRES, BENCH_MARIADB: their details as JSON, `0` for
 * none), else started here as the set-up starts them; the parts they serve are skipped without them.
 */
import './support/machine-load.js';
import os from 'node:os';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { readSettings } from '../../service/src/config/settings.js';
import { createHub } from '../../service/src/compose/hub.js';
import { createLogger } from '../../service/src/adapters/telemetry/logger.js';
import { ensureLocalRuntime } from '../../sandbox-drivers/src/local/runtime-venv.js';
import { stderrProgress } from '../../sandbox-drivers/src/shared/progress.js';
import { testCacheDir } from '../setup/cache-dir.js';
import type { MariadbInfo } from '../setup/mariadb.js';
import type { PostgresInfo } from '../setup/postgres.js';
import { makeTempDir } from '../support/temp-dir.js';
import { sessionStarter } from './support/session-starts.js';
import { benchClient } from './support/bench-client.js';
import { benchMariadb, benchPostgres } from './support/data-servers.js';
import { median } from './support/marimo-alone.js';

const quick = process.env.BENCH_QUICK === '1';
const RUNS = Number(process.env.BENCH_RUNS ?? (quick ? 2 : 7));
const GOALS = { sessionRatio: 1.05, testRatio: 1.2 };
/** What the hub itself reported of its tests (`duration_ms`: secrets resolved and the connection tried), by path. */
const reported = new Map<string, number[]>();

const ms = (value: number): string => `${value.toFixed(1).padStart(7)} ms`;
const ratio = (value: number, goal: number): string => `ratio ${value.toFixed(2)} (goal <= ${goal.toFixed(2)}: ${value <= goal ? 'met' : 'NOT met'})`;
const label = (text: string): string => `  ${text}`.padEnd(58);
const stored = (value: string) => ({ source: 'stored', value });

/** Runs each side RUNS times, in turns whose order alternates, so neither always follows the other's after-effects. */
async function alternately(first: () => Promise<number>, second: () => Promise<number>, runs = RUNS): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    if (run % 2 === 1) times[1].push(await second());
    times[0].push(await first());
    if (run % 2 === 0) times[1].push(await second());
  }
  return times;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await work();
  return performance.now() - began;
}

await ensureLocalRuntime({ dir: testCacheDir('sandbox-runtime'), onProgress: stderrProgress('sandbox runtime') });
const temp = await makeTempDir('integrations-bench');
const hub = await createHub({
  settings: readSettings({
    SERVICE_DATA_DIR: temp.dir,
    SERVICE_PORT: '0',
    SERVICE_LOG_LEVEL: 'silent',
    SERVICE_RUN_MAINTENANCE: 'false',
    SERVICE_SANDBOX_RUNTIME_DIR: testCacheDir('sandbox-runtime'),
    SERVICE_WARM_POOL_SIZE: '0',
    SERVICE_AUTOMATIC_THUMBNAILS: 'false',
    // The database servers of part 2 run on this machine.
    SERVICE_OUTBOUND_ALLOWED_NETWORKS: '127.0.0.1',
  }),
  logger: createLogger('silent'),
});
const url = await hub.listen();
const [postgres, mariadb] = await Promise.all([benchPostgres(), benchMariadb()]);
console.log(`# integrations benchmark (${os.availableParallelism()} cores, local driver, node ${process.version}), median of ${RUNS} runs per side`);
try {
  const client = await benchClient(hub, url);
  await sessionStarts(client);
  if (postgres.info) await postgresTest(client, postgres.info);
  else console.log(`PostgreSQL test connection: skipped (${postgres.skipped})`);
  if (mariadb.info) await mariadbTest(client, mariadb.info);
  else console.log(`MariaDB test connection: skipped (${mariadb.skipped})`);
} finally {
  for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id);
  await hub.close();
  if ('stop' in postgres) await postgres.stop();
  if ('stop' in mariadb) await mariadb.stop();
  await temp.cleanup();
}

type Client = Awaited<ReturnType<typeof benchClient>>;

/** Part 1: cold starts in a project with three integrations and in one without, alternately. */
async function sessionStarts({ api, headers, projectWithNotebooks }: Client): Promise<void> {
  const plain = await projectWithNotebooks(RUNS + 1);
  const integrated = await projectWithNotebooks(RUNS + 1);
  const integrations = [
    {
      kind: 'postgres',
      name: 'Warehouse',
      config: { host: 'db.internal.example', database: 'analytics', user: 'reader' },
      secrets: { password: stored('warehouse-password') },
    },
    {
      kind: 's3',
      name: 'Lake',
      config: { endpoint_url: 'https://s3.internal.example', bucket: 'lake', path_style: true },
      secrets: { access_key_id: stored('AKIABENCH'), secret_access_key: stored('lake-secret') },
    },
    { kind: 'http_api', name: 'Metrics API', config: { base_url: 'https://metrics.internal.example' }, secrets: { token: stored('metrics-token') } },
  ];
  for (const body of integrations) await api(`/projects/${integrated.pid}/integrations`, body);

  const notebooks = { plain: [...plain.notebookIds], integrated: [...integrated.notebookIds] };
  const starters = { plain: sessionStarter(url, headers, api, plain.pid), integrated: sessionStarter(url, headers, api, integrated.pid) };
  const startToPage = async (side: 'plain' | 'integrated'): Promise<number> => {
    const { ms: elapsed, sessionId, session: current } = await starters[side].startToPage(notebooks[side].shift()!);
    const received = (current.received as { integrations: unknown[] }).integrations.length;
    if (received !== (side === 'plain' ? 0 : 3)) throw new Error(`a ${side} session received ${received} integrations`);
    await starters[side].stop(sessionId);
    return elapsed;
  };
  // One start of each first, not counted: the first start of a process pays for what later ones reuse.
  await startToPage('plain');
  await startToPage('integrated');
  const [withIntegrations, without] = await alternately(
    () => startToPage('integrated'),
    () => startToPage('plain'),
  );
  console.log('Session start, POST /sessions to first proxied page (cold):');
  console.log(`${label('no integrations:')}${ms(median(without))}`);
  console.log(
    `${label('three integrations rendered:')}${ms(median(withIntegrations))}  ${ratio(median(withIntegrations) / median(without), GOALS.sessionRatio)}`,
  );
}

/** Part 2 for PostgreSQL: the hub's test connection next to `pg` doing what it does. */
async function postgresTest({ api }: Client, server: PostgresInfo): Promise<void> {
  const { pid } = await api('/projects', { name: 'Test connection bench' }).then((project) => ({ pid: project.id as string }));
  const created = await api(`/projects/${pid}/integrations`, {
    kind: 'postgres',
    name: 'Warehouse',
    config: { host: server.host, port: server.port, database: server.database, user: server.user, sslmode: 'disable' },
    secrets: { password: stored(server.password) },
  });
  const driver = () =>
    timed(async () => {
      const client = new pg.Client({ host: server.host, port: server.port, database: server.database, user: server.user, password: server.password });
      await client.connect();
      await client.query('SHOW server_version');
      await client.end();
    });
  await compareTests('PostgreSQL', `/projects/${pid}/integrations/${String(created.id)}/test`, api, driver, 'pg connect, SHOW server_version, end:');
}

/** Part 2 for MariaDB: the hub's test connection next to `mysql2` doing what it does. */
async function mariadbTest({ api }: Client, server: MariadbInfo): Promise<void> {
  const pid = (await api('/projects', { name: 'Test connection bench (MariaDB)' })).id as string;
  const created = await api(`/projects/${pid}/integrations`, {
    kind: 'mysql',
    name: 'Shop',
    config: { host: server.host, port: server.port, database: server.database, user: server.user, sslmode: 'disable' },
    secrets: { password: stored(server.password) },
  });
  const driver = () =>
    timed(async () => {
      const connection = await mysql.createConnection({
        host: server.host,
        port: server.port,
        database: server.database,
        user: server.user,
        password: server.password,
      });
      await connection.query('SELECT VERSION()');
      await connection.end();
    });
  await compareTests('MariaDB', `/projects/${pid}/integrations/${String(created.id)}/test`, api, driver, 'mysql2 connect, SELECT VERSION(), end:');
}

/** The time of one test connection through the API, which must pass. */
function testConnection(api: Client['api'], path: string): Promise<number> {
  return timed(async () => {
    const result = await api(path, {});
    if (result.ok !== true) throw new Error(`the test failed: ${String(result.message)}`);
    reported.set(path, [...(reported.get(path) ?? []), Number(result.duration_ms)]);
  });
}

async function compareTests(name: string, path: string, api: Client['api'], driver: () => Promise<number>, driverLabel: string): Promise<void> {
  const hubTest = () => testConnection(api, path);
  // One of each first, not counted: the first connection of a process loads the driver and its TLS and auth code.
  await hubTest();
  await driver();
  reported.delete(path);
  const [inHub, alone] = await alternately(hubTest, driver, Math.max(RUNS, quick ? 2 : 15));
  const checked = median(reported.get(path)!);
  console.log(`${name} test connection:`);
  console.log(`${label(driverLabel)}${ms(median(alone))}`);
  console.log(`${label('hub test connection (its duration_ms):')}${ms(checked)}  ${ratio(checked / median(alone), GOALS.testRatio)}`);
  // The request around the check: authentication, the integration read, its audit entry synced to disk.
  console.log(`${label('  the request, POST .../test to answer:')}${ms(median(inHub))}  ratio ${(median(inHub) / median(alone)).toFixed(2)} to the driver`);
}
