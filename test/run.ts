/**
 * `npm test`: every tier of test/tiers.ts, quickest first, each its own vitest run, while the heavy
 * prerequisites (the Docker engine and sandbox image, the test cluster, helm, the surfaces) are
 * provisioned in the background for the tiers that come last. Tiers never run beside each other:
 * tried, the Kubernetes tier beside the browser tier slowed its marimo sessions past their
 * timeouts, and two SeaweedFS servers on one machine answered InternalError to versioned-bucket
 * requests; tiers whose files mostly wait run several files at once instead (`maxWorkers`). Ends
 * with a summary: each tier's result and time, the provisioning times and the ten slowest test
 * files.
 *
 *   npm test                     every tier
 *   npm test -- api e2e-local    those tiers (with their background provisioning)
 *
 * One file or one tier while working: `npx vitest run <file>` / `npx vitest run --project <tier>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, createWriteStream, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { excludedFrom, TIER_RUN_ORDER, tierNamed, type Tier } from './tiers.js';
import { buildIfStale } from './setup/build.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const TIMINGS = path.join(RESULTS, 'provisioning.jsonl');
const started = Date.now();

interface TierOutcome {
  tier: Tier;
  files: number;
  seconds: number;
  passed: boolean;
  report: VitestReport | null;
  /** How busy the machine's cores were during the tier (all processes, 0–1): tells a tier that waits from one that computes. */
  cpuBusy: number | null;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults?: { title: string; fullName?: string; status: string; failureMessages?: string[] }[];
  }[];
}

const selected = process.argv.slice(2);
const tiers = (selected.length > 0 ? selected : TIER_RUN_ORDER).map(tierNamed);
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
process.env.NOTEBOOK_HUB_TEST_TIMINGS = TIMINGS;

if (tiers.some((tier) => tier.prerequisites.includes('build'))) buildIfStale();
const background = startBackgroundProvisioning(tiers);

const outcomes: TierOutcome[] = [];
for (const tier of tiers) outcomes.push(await runTier(tier));
await stopBackgroundProvisioning(background);
printSummary(outcomes);
process.exitCode = outcomes.every((outcome) => outcome.passed) ? 0 : 1;

async function runTier(tier: Tier): Promise<TierOutcome> {
  const files = await glob([...tier.include], { cwd: ROOT, ignore: ['**/node_modules/**', '**/dist/**', ...excludedFrom(tier)] });
  const tierStarted = Date.now();
  if (files.length === 0) return { tier, files: 0, seconds: 0, passed: true, report: null, cpuBusy: null };
  const cpuBefore = cpuTimes();
  banner(`tier ${tier.name}: ${tier.description} (${files.length} files)`);
  const reportFile = path.join(RESULTS, `${tier.name}.json`);
  const code = await new Promise<number | null>((resolve) => {
    const vitest = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        tier.name,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NOTEBOOK_HUB_TEST_STAGE: tier.name } },
    );
    vitest.once('exit', resolve);
  });
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport) : null;
  const cpuAfter = cpuTimes();
  const cpuBusy = cpuBefore && cpuAfter && cpuAfter.total > cpuBefore.total ? (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total) : null;
  return { tier, files: files.length, seconds: (Date.now() - tierStarted) / 1000, passed: code === 0, report, cpuBusy };
}

/** The machine's CPU time so far from /proc/stat (Linux), busy and in all; null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return null;
  }
}

/** The prerequisites of the run's tiers, provisioned side by side at a lower priority than the tests. */
function startBackgroundProvisioning(run: readonly Tier[]): ChildProcess | null {
  const names = [...new Set(run.flatMap((tier) => tier.prerequisites))].filter((name) => name !== 'build' && name !== 'seaweedfs');
  if (names.length === 0) return null;
  const log = createWriteStream(path.join(RESULTS, 'provisioning.log'));
  process.stdout.write(`[provision] in the background: ${names.join(', ')} (log: test-results/provisioning.log)\n`);
  const child = spawn('nice', ['-n', '10', process.execPath, '--conditions=source', '--import', 'tsx', path.join(ROOT, 'test/setup/provision.ts'), ...names], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.pipe(log, { end: false });
    // The few lines that say a step is ready (or failed) also go to the run's own output.
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (/^\[(?:setup|provision)\] .*(?:ready in|failed|installed in)/.test(line)) process.stdout.write(`[background] ${line}\n`);
    });
  }
  return child;
}

async function stopBackgroundProvisioning(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin!.end();
  await exited;
}

function printSummary(run: readonly TierOutcome[]): void {
  banner(`summary: ${run.every((outcome) => outcome.passed) ? 'every tier passed' : 'FAILED'} in ${minutes(Date.now() - started)}`);
  const rows = run.map((outcome) => {
    const report = outcome.report;
    const counts = report
      ? `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`
      : 'no report';
    return [
      outcome.tier.name,
      outcome.files === 0 ? 'no files' : outcome.passed ? 'ok' : 'FAILED',
      `${outcome.files} files`,
      counts,
      minutes(outcome.seconds * 1000),
      outcome.cpuBusy === null ? '' : `${Math.round(outcome.cpuBusy * 100)}%`,
    ];
  });
  printTable(['tier', 'result', 'files', 'tests', 'time', 'cpu busy'], rows);
  printFailures(run);

  const timings = existsSync(TIMINGS)
    ? readFileSync(TIMINGS, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { suite: string; seconds: number; ok: boolean; by: string })
    : [];
  if (timings.length > 0) {
    process.stdout.write("\nprovisioning (by the background run or a tier's set-up):\n");
    printTable(
      ['step', 'by', 'time', ''],
      timings.map((timing) => [timing.suite, timing.by, `${timing.seconds.toFixed(1)} s`, timing.ok ? '' : 'FAILED']),
    );
  }

  const files = run.flatMap((outcome) => (outcome.report?.testResults ?? []).map((file) => ({ tier: outcome.tier.name, ...file })));
  const slowest = files.sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime)).slice(0, 10);
  if (slowest.length > 0) {
    process.stdout.write('\nthe ten slowest test files:\n');
    printTable(
      ['file', 'tier', 'time'],
      slowest.map((file) => [path.relative(ROOT, file.name), file.tier, `${((file.endTime - file.startTime) / 1000).toFixed(1)} s`]),
    );
  }
  process.stdout.write(
    `\nload average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${os.availableParallelism()} cores\n`,
  );
}

/** The summary is often all that is kept of a run, so it names each failed test and the first line of its error. */
function printFailures(run: readonly TierOutcome[]): void {
  const failures = run.flatMap((outcome) =>
    (outcome.report?.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => ({ tier: outcome.tier.name, file: path.relative(ROOT, file.name), test })),
    ),
  );
  const failedFiles = run.flatMap((outcome) =>
    (outcome.report?.testResults ?? [])
      .filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      .map((file) => ({ tier: outcome.tier.name, file: path.relative(ROOT, file.name), message: file.message ?? '' })),
  );
  if (failures.length === 0 && failedFiles.length === 0) return;
  process.stdout.write('\nfailed:\n');
  for (const { tier, file, test } of failures) {
    const firstLine = (test.failureMessages?.[0] ?? '').split('\n').find((line) => line.trim() !== '') ?? '';
    process.stdout.write(`  [${tier}] ${file} > ${test.fullName ?? test.title}\n      ${firstLine.slice(0, 300)}\n`);
  }
  for (const { tier, file, message } of failedFiles) {
    const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? '';
    process.stdout.write(`  [${tier}] ${file} (the file failed)\n      ${firstLine.slice(0, 300)}\n`);
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows])
    process.stdout.write(
      `  ${row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()}\n`,
    );
}

function banner(text: string): void {
  process.stdout.write(`\n${'='.repeat(Math.min(100, text.length + 4))}\n  ${text}\n${'='.repeat(Math.min(100, text.length + 4))}\n`);
}

function minutes(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
