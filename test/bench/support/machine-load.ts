import os from 'node:os';

/**
 * Every benchmark imports this first: it prints the machine's load average before the benchmark
 * and again when it ends, and marks the run when the machine was busy before it began, so that a
 * figure taken next to someone else's work is never judged as if the machine had been quiet.
 *
 * Only the load before counts for the mark: the benchmark's own work raises the load it leaves
 * behind, so the figure after is printed to read, not to judge by.
 */
const cores = os.availableParallelism();
/** Busier than this before a benchmark starts (1-minute average per core), its figures are not comparable. */
const BUSY_LOAD_PER_CORE = 0.5;

const loadNow = (): number => os.loadavg()[0]!;
const before = loadNow();
const busy = before > cores * BUSY_LOAD_PER_CORE;

process.stdout.write(
  `machine load before: ${before.toFixed(2)} (1-minute average, ${cores} cores)` +
    (busy ? ' -- BUSY MACHINE: the figures below were taken next to other work and are not comparable\n' : '\n'),
);
process.once('exit', () => {
  process.stdout.write(`machine load after: ${loadNow().toFixed(2)}${busy ? ' -- these figures were taken on a BUSY machine' : ''}\n`);
});
