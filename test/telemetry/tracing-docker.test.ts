import { prerequisite } from '../setup/prerequisites.js';
import { dockerProvisioned, startDockerSessionWorld } from '../support/docker-session-world.js';
import { describeTracedSessionStart } from '../support/traced-session.js';

// Spans go out in batches every 200 ms instead of every 5 s (the SDK reads this when the hub starts).
process.env.OTEL_BSP_SCHEDULE_DELAY = '200';

describeTracedSessionStart(
  {
    name: 'docker driver',
    sandbox: 'container',
    provisioned: dockerProvisioned,
    start: (env) => startDockerSessionWorld(dockerProvisioned!, env),
    sandboxesOf: (w, sessionId) => w.containers(sessionId),
  },
  prerequisite('telemetryReceivers')?.jaeger ?? null,
);
