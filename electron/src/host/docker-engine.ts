import Docker from 'dockerode';

/** Where the Docker engine is asked; by default what the Docker driver uses: `DOCKER_HOST`, else the platform's standard socket. */
export interface DockerEngineTarget {
  socketPath?: string;
  /** The sandbox image sessions would start from: an engine without it answers, but cannot run a notebook. */
  image?: string;
}

export type DockerEngineCheck = { answers: true; address: string; version: string | null } | { answers: false; address: string; message: string };

/** Long enough for a busy engine on a laptop, short enough that a start or a settings click never seems to hang. */
export const DOCKER_CHECK_TIMEOUT_MS = 3_000;

/**
 * Whether a Docker engine answers (docs/desktop.md, "Docker"): a ping, with a deadline, since a
 * socket whose engine hangs would otherwise hold the caller forever. Never throws: the answer says
 * what went wrong, in words a person can act on.
 */
export async function checkDockerEngine(target: DockerEngineTarget = {}, timeoutMs = DOCKER_CHECK_TIMEOUT_MS): Promise<DockerEngineCheck> {
  const address = engineAddress(target);
  const docker = new Docker({ ...(target.socketPath ? { socketPath: target.socketPath } : {}), timeout: timeoutMs });
  try {
    await withDeadline(docker.ping(), timeoutMs);
    const version = await withDeadline(docker.version(), timeoutMs).then(
      (answer) => answer.Version ?? null,
      () => null,
    );
    if (target.image && !(await hasImage(docker, target.image, timeoutMs))) {
      return {
        answers: false,
        address,
        message: `Docker answers at ${address}, but it does not have the sandbox image ${target.image}, so notebooks could not start there. Build or load the image (docs/sandboxes.md), then try again.`,
      };
    }
    return { answers: true, address, version };
  } catch (error) {
    return { answers: false, address, message: `No Docker engine answers at ${address}: ${reasonOf(error, timeoutMs)}. Start Docker, then try again.` };
  }
}

/** Whether the engine holds `image`; an engine that cannot say (it stopped answering) is caught by the caller. */
async function hasImage(docker: Docker, image: string, timeoutMs: number): Promise<boolean> {
  try {
    await withDeadline(docker.getImage(image).inspect(), timeoutMs);
    return true;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

/** The address the check (and the Docker driver) uses, as a person would write it. */
export function engineAddress(target: DockerEngineTarget, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (target.socketPath) return `unix://${target.socketPath}`;
  if (env.DOCKER_HOST) return env.DOCKER_HOST;
  return platform === 'win32' ? 'npipe:////./pipe/docker_engine' : 'unix:///var/run/docker.sock';
}

function reasonOf(error: unknown, timeoutMs: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof DeadlineError || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return `it did not answer within ${timeoutMs / 1000} s`;
  if (code === 'ENOENT') return 'there is no socket there';
  if (code === 'ECONNREFUSED') return 'nothing listens there';
  if (code === 'EACCES' || code === 'EPERM') return 'this user may not use its socket (on Linux, join the "docker" group and sign in again)';
  return error instanceof Error ? error.message : String(error);
}

class DeadlineError extends Error {}

function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError('deadline')), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
