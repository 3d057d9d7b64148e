import { execFile } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The label on every container these helpers start, so a failed run's leftovers can be found. */
export const HUB_CONTAINER_LABEL = 'notebook-hub.test=hub-image';

export type DockerCli = (args: string[]) => Promise<string>;

/** The `docker` command against the given engine; resolves to its trimmed stdout. */
export function dockerCli(socketPath: string): DockerCli {
  return async (args) => {
    try {
      const { stdout } = await execFileAsync('docker', args, { env: { ...process.env, DOCKER_HOST: `unix://${socketPath}` }, maxBuffer: 64 * 1024 * 1024 });
      return stdout.trim();
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      throw new Error(`docker ${args.join(' ')}: ${failed.stderr?.trim() || failed.message}`, { cause: error });
    }
  };
}

/**
 * `docker run -d` of the hub image with the data volume at /data and the hub's port published on
 * 127.0.0.1 only (a free port the engine picks); resolves to nothing, see {@link hubUrl}.
 */
export async function runHubContainer(
  docker: DockerCli,
  options: { image: string; name: string; volume: string; env?: Record<string, string>; runArgs?: string[] },
): Promise<void> {
  const env = Object.entries(options.env ?? {}).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  // `runArgs` replace the published port (e.g. `--network host`, where publishing does not apply).
  const network = options.runArgs ?? ['--publish', '127.0.0.1::8321'];
  await docker([
    'run',
    '--detach',
    '--name',
    options.name,
    '--label',
    HUB_CONTAINER_LABEL,
    '--volume',
    `${options.volume}:/data`,
    ...network,
    ...env,
    options.image,
  ]);
}

/** The hub's address on this machine; the published port changes when a container is started again. */
export async function hubUrl(docker: DockerCli, name: string): Promise<string> {
  const published = (await docker(['port', name, '8321/tcp'])).split('\n')[0]!;
  return `http://${published}`;
}

/** Polls `GET /api/health` until it answers 200. */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(25);
  }
  throw new Error(`${url}/api/health did not answer 200 within ${timeoutMs} ms (${last})`);
}

/** Polls the engine's view of the container's HEALTHCHECK until it says `healthy`. */
export async function waitForDockerHealthy(docker: DockerCli, name: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < deadline) {
    status = await docker(['inspect', '--format', '{{.State.Health.Status}}', name]);
    if (status === 'healthy') return;
    await sleep(250);
  }
  throw new Error(`container ${name} not healthy within ${timeoutMs} ms (last status: ${status})`);
}

/** Removes the containers and volumes, ignoring the ones already gone. */
export async function removeHubContainers(docker: DockerCli, names: { containers: string[]; volumes: string[] }): Promise<void> {
  for (const container of names.containers) await docker(['rm', '--force', '--volumes', container]).catch(() => {});
  for (const volume of names.volumes) await docker(['volume', 'rm', '--force', volume]).catch(() => {});
}

/**
 * A request whose body is sent in pieces over a while, so it is still in flight when something
 * happens to the server. `sent` resolves once the headers and the first piece are written.
 */
export function slowJsonRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body: unknown; pieces: number; pauseMs: number },
): { sent: Promise<void>; response: Promise<{ status: number; body: string }> } {
  // Spaces between the JSON and its closing brace make the body long enough to split.
  const json = JSON.stringify(options.body);
  const text = `${json.slice(0, -1)}${' '.repeat(options.pieces * 16)}}`;
  const bytes = Buffer.from(text);
  const size = Math.ceil(bytes.length / options.pieces);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, {
      method: options.method,
      headers: { ...options.headers, 'content-type': 'application/json', 'content-length': String(bytes.length) },
    });
    request.once('error', reject);
    request.once('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.once('error', reject);
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    void (async () => {
      for (let offset = 0; offset < bytes.length; offset += size) {
        await new Promise<void>((written) => request.write(bytes.subarray(offset, offset + size), () => written()));
        if (offset === 0) markSent();
        await sleep(options.pauseMs);
      }
      request.end();
    })().catch(reject);
  });
  return { sent, response };
}
