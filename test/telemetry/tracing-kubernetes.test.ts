import { prerequisite } from '../setup/prerequisites.js';
import { clusterProvisioned, startKubernetesSessionWorld } from '../support/kubernetes-session-world.js';
import { describeTracedSessionStart } from '../support/traced-session.js';

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
