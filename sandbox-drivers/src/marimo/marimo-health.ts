import type { KernelAddress, KernelHealth } from '@notebook-hub/kernel/ports/kernel-health.js';

/** The KernelHealth port for marimo: `GET <base url>/health` through the exposed port. */
export class MarimoHealth implements KernelHealth {
  async answers(address: KernelAddress, timeoutMs: number): Promise<boolean> {
    const { endpoint, baseUrl, secret } = address;
    try {
      const response = await fetch(`http://${endpoint.host}:${endpoint.port}${baseUrl}/health`, {
        // marimo answers /health without the token; sending it costs nothing and keeps working
        // should a version start to ask for it.
        headers: { authorization: `Bearer ${secret}` },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  }
}
