import type { Hub } from '../../../service/src/compose/hub.js';
import { createLogger } from '../../../service/src/adapters/telemetry/logger.js';
import { createHub } from '../../../service/src/compose/hub.js';
import { readSettings } from '../../../service/src/config/settings.js';
import { provisionTelemetryReceivers } from '../../setup/telemetry-receivers.js';
import { startJaeger } from '../../support/telemetry-receivers.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { connectKernel } from '../../support/marimo-client.js';
import { benchClient } from './bench-client.js';
import { median } from './marimo-alone.js';

type Api = Awaited<ReturnType<typeof benchClient>>['api'];

/** One timed session start: from `POST /sessions` to its editor page loaded through the proxy. */
export interface TimedStart {
  ms: number;
  /** CPU time this process spent meanwhile (the hub, and the client polling it; not marimo's). */
  cpuMs: number;
  sessionId: string;
  warm: boolean;
  /** The session as the last poll read it: running. */
  session: Record<string, unknown>;
}

/** Starts edit sessions of project `pid` on the hub at `url`, timing each to its first proxied page. */
export function sessionStarter(url: string, headers: Record<string, string>, api: Api, pid: string) {
  const startToPage = async (notebookId: string): Promise<TimedStart> => {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const session = await api(`/projects/${pid}/sessions`, { notebook_id: notebookId, mode: 'edit' });
    const sessionId = session.id as string;
    let current = session;
    while (current.state === 'provisioning') {
      await new Promise((resolve) => setTimeout(resolve, 5));
      current = await api(`/projects/${pid}/sessions/${sessionId}`);
    }
    const page = await fetch(`${url}/s/${sessionId}/`, { headers });
    await page.text();
    const ms = performance.now() - began;
    const cpu = process.cpuUsage(cpuBefore);
    if (current.state !== 'running' || !page.ok)
      throw new Error(`session ${sessionId} is ${String(current.state)} ${JSON.stringify(current.failure ?? null)}, page ${page.status}`);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000, sessionId, warm: session.warm === true, session: current };
  };
  /**
   * The same start, then on to `kernel-ready` on the page's socket through the proxy: the kernel
   * running, as a notebook's first cell would find it. `kernelMs` counts from the same `POST`.
   */
  const startToKernel = async (notebookId: string): Promise<TimedStart & { kernelMs: number }> => {
    const began = performance.now();
    const started = await startToPage(notebookId);
    const kernel = await connectKernel(`${url}/s/${started.sessionId}`, { authorization: headers.authorization ?? '', origin: url });
    try {
      await kernel.waitFor('kernel-ready', 5 * 60_000);
      return { ...started, kernelMs: performance.now() - began };
    } finally {
      kernel.close();
    }
  };
  const stop = (sessionId: string) => api(`/projects/${pid}/sessions/${sessionId}/stop`, { save: false });
  return { startToPage, startToKernel, stop };
}

/** A cold start (the warm pool drained first) and a warm one (the pool refilled first), each stopped after. */
export async function coldAndWarmStart(hub: Hub, starter: ReturnType<typeof sessionStarter>, notebookIds: [string, string]): Promise<[TimedStart, TimedStart]> {
  const drained = await hub.services.warmPool.claim();
  if (drained) await hub.services.sandboxes.destroy(drained.sandbox.id);
  const cold = await starter.startToPage(notebookIds[0]);
  if (cold.warm) throw new Error('a cold start got a warm sandbox');
  await starter.stop(cold.sessionId);
  await hub.services.warmPool.refill(new AbortController().signal);
  const warm = await starter.startToPage(notebookIds[1]);
  if (!warm.warm) throw new Error('a warm start got no warm sandbox');
  await starter.stop(warm.sessionId);
  return [cold, warm];
}

const TRACING_GOAL = 1.02;

/**
 * Session starts with tracing on (every trace recorded, spans exported over OTLP to a real Jaeger,
 * the telemetry tier's build) against tracing off: two hubs in this process, local driver, taking
 * turns run by run (the one that goes first alternates), so that both see the same machine load.
 * Prints the median cold and warm start of each and their ratios (goal: at most 1.02 x); says so
 * and returns when there is no Jaeger. The hubs share this process, and with it OpenTelemetry's
 * process-wide context (AsyncLocalStorage), whose small cost per promise then falls on both: what
 * that costs alone is in the API benchmark, whose hubs are processes of their own.
 */
export async function compareTracedSessionStarts(baseEnv: Record<string, string>, runs: number): Promise<void> {
  const receivers = await provisionTelemetryReceivers().catch((error: unknown) => {
    console.log(`session start, tracing on vs off: skipped, no Jaeger (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    return null;
  });
  if (receivers === null) return;
  const jaeger = await startJaeger(receivers.jaeger);
  const sides: { name: 'off' | 'on'; hub: Hub; close: () => Promise<void>; starter: ReturnType<typeof sessionStarter>; notebookIds: string[] }[] = [];
  try {
    for (const name of ['off', 'on'] as const) {
      const temp = await makeTempDir(`session-bench-tracing-${name}`);
      const tracing = name === 'on' ? { OTEL_SERVICE_NAME: 'session-bench', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${jaeger.otlpHttp}/v1/traces` } : {};
      const hub = await createHub({ settings: readSettings({ ...baseEnv, SERVICE_DATA_DIR: temp.dir, ...tracing }), logger: createLogger('silent') });
      const close = async () => {
        for (const sandbox of await hub.services.sandboxes.list()) await hub.services.sandboxes.destroy(sandbox.id);
        await hub.close();
        await temp.cleanup();
      };
      try {
        const url = await hub.listen();
        const { headers, api, projectWithNotebooks } = await benchClient(hub, url);
        const { pid, notebookIds } = await projectWithNotebooks(2 * runs);
        sides.push({ name, hub, close, starter: sessionStarter(url, headers, api, pid), notebookIds });
      } catch (error) {
        await close();
        throw error;
      }
    }
    const starts = { off: { cold: [] as TimedStart[], warm: [] as TimedStart[] }, on: { cold: [] as TimedStart[], warm: [] as TimedStart[] } };
    for (let run = 0; run < runs; run++) {
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
        const [cold, warm] = await coldAndWarmStart(side.hub, side.starter, [side.notebookIds[2 * run]!, side.notebookIds[2 * run + 1]!]);
        starts[side.name].cold.push(cold);
        starts[side.name].warm.push(warm);
      }
    }
    // The hub with tracing on sends what it still holds as it closes; Jaeger then has every start.
    const on = sides.splice(
      sides.findIndex((side) => side.name === 'on'),
      1,
    )[0]!;
    await on.close();
    const traced = (await jaeger.traces('session-bench', 'POST /api/v1/projects/:pid/sessions')).length;
    for (const kind of ['cold', 'warm'] as const) {
      const off = median(starts.off[kind].map((start) => start.ms));
      const on = median(starts.on[kind].map((start) => start.ms));
      const ratio = on / off;
      console.log(
        `session start ${kind}, tracing off: ${off.toFixed(0).padStart(6)} ms  on: ${on.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(3)} (goal <= ${TRACING_GOAL}: ${ratio <= TRACING_GOAL ? 'met' : 'NOT met'})`,
      );
      // Wall time on a busy machine stretches whatever CPU a side spends by the queue for the cores; CPU does not.
      const cpuOff = median(starts.off[kind].map((start) => start.cpuMs));
      const cpuOn = median(starts.on[kind].map((start) => start.cpuMs));
      console.log(
        `session start ${kind}, CPU of hub and client, tracing off: ${cpuOff.toFixed(0).padStart(5)} ms  on: ${cpuOn.toFixed(0).padStart(5)} ms  ratio ${(cpuOn / cpuOff).toFixed(3)}`,
      );
    }
    console.log(`session starts traced into Jaeger: ${traced} of ${2 * runs}`);
  } finally {
    for (const side of sides) await side.close();
    await jaeger.stop();
  }
}
