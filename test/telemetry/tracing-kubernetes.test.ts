import { prerequisite } from '../setup/prerequisites.js';
import { clusterProvisioned, startKubernetesSessionWorld } from '../support/kubernetes-session-world.js';
import { describeTracedSessionStart } from '../support/traced-session.js';

// Spans go out in batches every 200 ms instead of every 5 s (the SDK reads this when the hub starts).
process.env.OTEL_BSP_SCHEDULE_DELAY = '200';

describeTracedSessionStart(
  {
    name: 'Kubernetes driver',
    sandbox: 'pod',
    provisioned: clusterProvisioned,
    start: (env) => startKubernetesSessionWorld(clusterProvisioned!, env),
    sandboxesOf: (w, sessionId) => w.pods(sessionId),
  },
  prerequisite('telemetryReceivers')?.jaeger ?? null,
);
