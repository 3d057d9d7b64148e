import { expect } from 'vitest';
import { imageSurfacesMissing } from '../support/docker-session-world.js';
import { clusterProvisioned, startKubernetesSessionWorld } from '../support/kubernetes-session-world.js';
import { describeSandboxSurfaces } from '../support/sandbox-surface-suite.js';
import { prerequisite } from '../setup/prerequisites.js';

// The cluster runs the Docker suite's sandbox image (imported into the node): its labels say whether it carries the surfaces.
const docker = prerequisite('docker');

describeSandboxSurfaces({
  driver: 'kubernetes',
  sandbox: 'pod',
  missing: clusterProvisioned === null || docker === null ? 'no test cluster' : await imageSurfacesMissing(docker, 'VS Code and OpenCode in a pod'),
  start: (env) => startKubernetesSessionWorld(clusterProvisioned!, env),
  listsAfterClose: false,
  sandboxesOf: (w, sessionId) => w.pods(sessionId),
  ports: {
    title: 'declares a port per surface on the pod, where the hub reaches it',
    async check(w, sessionId, sandboxId) {
      const [pod] = await w.pods(sessionId);
      const ports = pod!.spec!.containers[0]!.ports!.map((port) => port.containerPort);
      for (const name of ['surface-vscode', 'surface-opencode']) {
        const endpoint = await w.t.hub.services.sandboxes.exposePort(sandboxId, name);
        expect(endpoint.host).toBe(pod!.status!.podIP);
        expect(ports).toContain(endpoint.port);
      }
    },
  },
});
