import { prerequisite } from '../setup/prerequisites.js';
import { dockerProvisioned, startDockerSessionWorld } from '../support/docker-session-world.js';
import { describeTracedSessionStart } from '../support/traced-session.js';

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
