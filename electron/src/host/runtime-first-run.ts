import type { HubCall } from './menu-actions.js';

const RUNTIME_SETUP = '/api/v1/runtime-setup';

export interface FirstRunOutcome {
  /** The runtime's state when the app started (`not_applicable` with the Docker driver). */
  before: string;
  /** Whether this launch asked the hub to build it. */
  started: boolean;
}

/**
 * On a first run (the runtime never built), asks the hub to build it now rather than when the first
 * notebook opens: the window's notice shows the build's progress meanwhile (docs/desktop.md, "The
 * sandbox runtime"). A runtime that needs a repair is left to the notice's Repair button: a repair
 * wipes the runtime, which the user decides. The call goes through the hub's API as the window's
 * user, with its checks and its audit entry.
 */
export async function prepareRuntimeOnFirstRun(call: HubCall): Promise<FirstRunOutcome> {
  const status = await call(RUNTIME_SETUP);
  const before = stateOf(status);
  if (before !== 'missing') return { before, started: false };
  const started = await call(RUNTIME_SETUP, { method: 'POST', body: {} });
  if (started.status !== 202) throw new Error(`the hub refused to set up the notebook runtime: HTTP ${started.status} ${started.text}`);
  return { before, started: true };
}

function stateOf(answer: { status: number; json: unknown; text: string }): string {
  const state = (answer.json as { data?: { state?: unknown } } | undefined)?.data?.state;
  if (answer.status !== 200 || typeof state !== 'string')
    throw new Error(`the hub did not tell the notebook runtime's state: HTTP ${answer.status} ${answer.text}`);
  return state;
}
