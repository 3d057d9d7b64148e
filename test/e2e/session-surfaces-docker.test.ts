import { expect } from 'vitest';
import { LABEL } from '../../sandbox-drivers/src/docker/labels.js';
import { dockerProvisioned, imageSurfacesMissing, startDockerSessionWorld } from '../support/docker-session-world.js';
import { describeSandboxSurfaces } from '../support/sandbox-surface-suite.js';

describeSandboxSurfaces({
  driver: 'docker',
  sandbox: 'container',
  missing: dockerProvisioned === null ? 'no Docker engine' : await imageSurfacesMissing(dockerProvisioned, 'VS Code and OpenCode in a container'),
  start: (env) => startDockerSessionWorld(dockerProvisioned!, env),
  listsAfterClose: true,
  sandboxesOf: (w, sessionId) => w.containers(sessionId),
  ports: {
    title: 'publishes a port per surface on 127.0.0.1 only',
    async check(w, sessionId) {
      const [container] = await w.containers(sessionId);
      const names = JSON.parse(container!.Labels[LABEL.ports]!) as Record<string, number>;
      expect(Object.keys(names)).toEqual(expect.arrayContaining(['surface-vscode', 'surface-opencode']));
      for (const name of ['surface-vscode', 'surface-opencode']) {
        const published = container!.Ports.filter((port) => port.PrivatePort === names[name]);
        expect(published.length, name).toBeGreaterThan(0);
        for (const port of published) expect(port.IP).toBe('127.0.0.1');
      }
    },
  },
});
