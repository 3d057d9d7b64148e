import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { makeTempDir } from './temp-dir.js';

export interface NginxProxyOptions {
  executablePath: string;
  /** The 127.0.0.1 port nginx listens on (unprivileged). */
  port: number;
  /** The hub's 127.0.0.1 port. */
  upstreamPort: number;
  /** The path the hub is served under, e.g. `/notebooks` (no trailing slash). */
  basePath: string;
  /** The largest request body nginx lets through (uploads), in bytes. */
  maxBodyBytes: number;
}

export interface NginxProxy {
  readonly url: string;
  /** The configuration nginx runs with. */
  readonly config: string;
  /** nginx's error log so far (for a failing test's message). */
  errorLog(): Promise<string>;
  /** The requests nginx answered so far, one line each: `<status> <method> <path>`. */
  requests(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The server block of docs/deploy.md ("Behind a reverse proxy"), without TLS: the path passed
 * through unchanged (`proxy_pass` with no URI part), WebSocket upgrades, long read timeouts for
 * kernels that think, bodies streamed to the hub up to the upload limit, and `X-Forwarded-*`.
 */
export function nginxServerBlock(options: Pick<NginxProxyOptions, 'port' | 'upstreamPort' | 'basePath' | 'maxBodyBytes'>): string {
  const { basePath } = options;
  return `
  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }

  server {
    listen 127.0.0.1:${options.port};
    server_name 127.0.0.1;
    absolute_redirect off;

    # Whatever else this host serves; here, nothing.
    location / {
      return 404;
    }

    location = ${basePath} {
      return 308 ${basePath}/;
    }

    location ${basePath}/ {
      proxy_pass http://127.0.0.1:${options.upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 3600s;
      proxy_send_timeout 3600s;
      client_max_body_size ${Math.ceil(options.maxBodyBytes / (1024 * 1024))}m;
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }
`;
}

/**
 * A real nginx in front of a hub, on 127.0.0.1, with a configuration generated into a temporary
 * folder (its logs, pid file and temporary files there too); stopped by its process id.
 */
export async function startNginxProxy(options: NginxProxyOptions): Promise<NginxProxy> {
  const temp = await makeTempDir('nginx');
  const dir = temp.dir;
  // Started as root, nginx runs its workers as nobody: they must reach the folder and write its temporary files.
  await chmod(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(path.join(dir, name));
    await chmod(path.join(dir, name), 0o777);
  }
  const config = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 256;
}

http {
  log_format requests '$status $request_method $request_uri';
  access_log ${dir}/access.log requests;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxServerBlock(options)}}
`;
  const configFile = path.join(dir, 'nginx.conf');
  await writeFile(configFile, config);
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');

  const test = spawn(options.executablePath, ['-t', '-p', dir, '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const testOutput = await outputOf(test);
  if (test.exitCode !== 0) throw new Error(`nginx refused its configuration: ${testOutput}\n${config}`);

  const nginx = spawn(options.executablePath, ['-p', dir, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForPort(options.port, nginx);
  } catch (error) {
    nginx.kill('SIGKILL');
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr}\n${await errorLog()}`, { cause: error });
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    config,
    errorLog,
    requests: async () => (await readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        // QUIT: a graceful stop, workers included.
        nginx.kill('SIGQUIT');
        const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000).unref())]);
        if (!stopped) nginx.kill('SIGKILL');
      }
      await temp.cleanup();
    },
  };
}

function outputOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', () => resolve(output));
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}
