// The image's HEALTHCHECK (build/hub.Dockerfile): exits 0 when the hub in this container answers
// `GET <base path>/api/health` (docs/deploy.md, "The container image"). Plain Node, so the image needs no curl.
/* global fetch, AbortSignal -- Node 20 globals, which the lint config does not list for .mjs files */
const configuredHost = process.env.SERVICE_HOST ?? '';
// A wildcard listen address is reached on loopback from inside the container.
const host = ['', '0.0.0.0', '::', '[::]'].includes(configuredHost) ? '127.0.0.1' : configuredHost;
const port = process.env.SERVICE_PORT || '8321';
// Under a path prefix the hub answers only below it (docs/deploy.md, "What the base path changes").
const publicUrl = process.env.SERVICE_PUBLIC_URL;
const basePath = publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : '';
const url = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}${basePath}/api/health`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  process.exit(0);
} catch (error) {
  process.stderr.write(`unhealthy: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
