import type { SandboxStartupReport } from '../../../api/admin-types';

type Phase = SandboxStartupReport['handle'];
type Command = SandboxStartupReport['exec'];

export interface PhaseRow {
  key: string;
  label: string;
  phase: Phase | Command;
}

/** The report's phases in the order they happen, with names people recognise. */
export function phaseRows(report: SandboxStartupReport): PhaseRow[] {
  return [
    { key: 'handle', label: 'Create sandbox', phase: report.handle },
    { key: 'readiness', label: 'Readiness check', phase: report.readiness },
    { key: 'exec', label: 'Exec latency', phase: report.exec },
    { key: 'cleanup', label: 'Destroy sandbox', phase: report.cleanup },
  ];
}

export function benchmarkRows(benchmark: NonNullable<SandboxStartupReport['environment_setup_benchmark']>): PhaseRow[] {
  return [
    { key: 'runtime_probe', label: 'Runtime probe', phase: benchmark.runtime_probe },
    { key: 'artifact_download', label: 'Artifact download', phase: benchmark.artifact_download },
    { key: 'prepare', label: 'Prepare', phase: benchmark.prepare },
    { key: 'install', label: 'Install', phase: benchmark.install },
  ];
}

export function isCommand(phase: Phase | Command): phase is Command {
  return 'command' in phase;
}

/** Chart rows: one bar per phase that has a duration. */
export function chartData(rows: PhaseRow[]): { phase: string; ms: number }[] {
  return rows.flatMap((row) => (row.phase.duration_ms === null ? [] : [{ phase: row.label, ms: Math.round(row.phase.duration_ms) }]));
}
