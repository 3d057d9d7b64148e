import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { CreateBucketCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3ObjectSources } from '../../service/src/adapters/data-browser/objects/s3-objects.js';
import type { ConnectionContext } from '../../service/src/adapters/integrations/connection-context.js';
import { createS3Client } from '../../service/src/adapters/store/s3-store.js';
import type { OutboundPolicy } from '../../service/src/core/outbound/outbound-policy.js';
import { ObjectSourceError, type ObjectSource, type ObjectSourceTarget } from '../../service/src/core/ports/data-objects.js';
import { prerequisite } from '../setup/prerequisites.js';
import { fakeDns, outboundClientForTests } from '../support/outbound.js';

const seaweedfs = prerequisite('seaweedfs');

const LOOPBACK: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: false };
const signal = () => new AbortController().signal;

/** A TCP relay in front of the S3 gateway that counts the connections made through it and can cut them all. */
async function countingRelay(port: number): Promise<{ server: Server; port: number; made: () => number; open: () => number; cut: () => void }> {
  const sockets = new Set<Socket>();
  let made = 0;
  const server = createServer((inbound) => {
    made++;
    sockets.add(inbound);
    const outbound = createConnection({ host: '127.0.0.1', port });
    inbound.pipe(outbound).pipe(inbound);
    const close = () => {
      sockets.delete(inbound);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('close', close).on('error', close);
    outbound.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    made: () => made,
    open: () => sockets.size,
    cut: () => sockets.forEach((socket) => socket.destroy()),
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The S3 clients the data browser keeps between requests (docs/data-browser.md, "Connections"),
 * against the real SeaweedFS S3 gateway behind a relay that counts connections, reached by a name
 * that fake-dns answers (each new connection asks it, through the policy's guarded lookup): one
 * client per integration version, configuration and secrets, and every new connection checked.
 */
describe.skipIf(seaweedfs === null)('kept S3 clients of the data browser (SeaweedFS)', () => {
  const info = seaweedfs!;
  const bucket = `clients-${randomBytes(4).toString('hex')}`;
  const body = randomBytes(300 * 1024);
  const answers: Record<string, string[]> = { 'store.test': ['127.0.0.1'] };
  const dns = fakeDns(answers);
  const outbound = outboundClientForTests({ feature: 'integrations', policy: LOOPBACK, resolve: dns });
  const context: ConnectionContext = { outbound, policy: LOOPBACK, resolve: dns, allowHttp: true, timeoutMs: 10_000 };
  let relay: Awaited<ReturnType<typeof countingRelay>>;
  let admin: S3Client;
  let sources: S3ObjectSources;
  const target = (integration: { id: string; versionId: string } | undefined, secret = info.secretAccessKey): ObjectSourceTarget => ({
    kind: 's3',
    config: { endpoint_url: `http://store.test:${relay.port}`, bucket, path_style: true, region: 'us-east-1' },
    secrets: { access_key_id: info.accessKeyId, secret_access_key: secret },
    ...(integration ? { integration } : {}),
  });
  const lake = { id: 'intg-0000000000000001', versionId: 'intv-0000000000000001' };

  /** One request of each kind a preview makes, on a source opened for it and closed after. */
  async function browse(given: ObjectSourceTarget): Promise<void> {
    const source = sources.open(given);
    try {
      const ends = await source.readEnds('data.bin', { head: 64 * 1024, tail: 256 * 1024, versionId: null }, signal());
      expect(ends.facts.size).toBe(body.length);
      expect(
        Buffer.from(await source.read('data.bin', { offset: 70_000, length: 1000, versionId: null }, signal())).equals(body.subarray(70_000, 71_000)),
      ).toBe(true);
    } finally {
      source.close();
    }
  }

  async function failureOf(source: ObjectSource): Promise<ObjectSourceError> {
    try {
      await source.head('data.bin', null, signal());
    } catch (error) {
      expect(error).toBeInstanceOf(ObjectSourceError);
      return error as ObjectSourceError;
    } finally {
      source.close();
    }
    throw new Error('the call should have failed');
  }

  beforeAll(async () => {
    relay = await countingRelay(Number(new URL(info.endpoint).port));
    admin = createS3Client({
      endpoint: info.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: info.accessKeyId, secretAccessKey: info.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    await admin.send(new PutObjectCommand({ Bucket: bucket, Key: 'data.bin', Body: body }));
  });
  beforeEach(() => {
    sources?.close();
    sources = new S3ObjectSources(context);
    relay.cut();
    answers['store.test'] = ['127.0.0.1'];
  });
  afterAll(async () => {
    sources?.close();
    admin?.destroy();
    relay?.cut();
    await new Promise((resolve) => relay?.server.close(resolve));
  });

  it('keeps one client, and its connections, for the requests of the same integration version', async () => {
    await browse(target(lake));
    const [connections, lookups] = [relay.made(), dns.asked.length];
    expect(connections).toBeGreaterThan(0);
    for (let request = 0; request < 3; request++) await browse(target(lake));
    // Three more previews' requests, one preview after the other: no new connection, no new lookup.
    expect(relay.made()).toBe(connections);
    expect(dns.asked.length).toBe(lookups);
  });

  it('makes a client of its own for a target without an integration, destroyed when it is closed', async () => {
    const before = relay.made();
    await browse(target(undefined));
    const after = relay.made();
    expect(after).toBeGreaterThan(before);
    await browse(target(undefined));
    expect(relay.made()).toBeGreaterThan(after);
    await until(() => relay.open() === 0, 'the connections of the closed sources to close');
  });

  it('makes a new client when the integration changes, and destroys the old one', async () => {
    await browse(target(lake));
    const before = relay.made();
    const changed = { ...lake, versionId: 'intv-0000000000000002' };
    await browse(target(changed));
    const made = relay.made() - before;
    expect(made).toBeGreaterThan(0);
    // The old version's client was retired: its connections are closed, the new one's stay.
    await until(() => relay.open() === made, "the old version's connections to close");
    // A secret that changed behind an unchanged version (a reference read anew) is another client too: refused, on a connection of its own.
    const denied = await failureOf(sources.open(target(changed, `wrong-${randomBytes(6).toString('hex')}`)));
    expect(denied.reason).toBe('denied');
    expect(relay.made()).toBeGreaterThan(before + made);
    // And the right secret again: a client made anew, since the wrong one replaced it.
    const afterDenied = relay.made();
    await browse(target(changed));
    expect(relay.made()).toBeGreaterThan(afterDenied);
  });

  it('never shares a client between integrations, even with the same settings', async () => {
    const other = { id: 'intg-0000000000000002', versionId: lake.versionId };
    await browse(target(lake));
    const before = relay.made();
    await browse(target(other));
    expect(relay.made()).toBeGreaterThan(before);
    // Both are kept: each integration's next request reuses its own connections.
    const both = relay.made();
    await browse(target(lake));
    await browse(target(other));
    expect(relay.made()).toBe(both);
  });

  it('looks every new connection of a kept client up through the outbound policy', async () => {
    await browse(target(lake));
    const lookups = dns.asked.length;
    // The name now answers an address the policy refuses (a DNS rebinding), and the kept connection is gone.
    answers['store.test'] = ['169.254.169.254'];
    relay.cut();
    await until(() => relay.open() === 0, 'the connection to close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const connections = relay.made();
    const refused = await failureOf(sources.open(target(lake)));
    expect(refused.reason).toBe('refused-address');
    expect(dns.asked.length).toBeGreaterThan(lookups);
    expect(relay.made()).toBe(connections);
    // Back to an allowed address: the same kept client connects again.
    answers['store.test'] = ['127.0.0.1'];
    await browse(target(lake));
    expect(relay.made()).toBeGreaterThan(connections);
  });

  it('destroys a client nobody used for its idle time, and the least recently used idle one past the most kept', async () => {
    const idle = new S3ObjectSources(context, { idleMs: 200 });
    try {
      const source = idle.open(target(lake));
      await source.head('data.bin', null, signal());
      source.close();
      expect(relay.open()).toBeGreaterThan(0);
      await until(() => relay.open() === 0, 'the idle client to be destroyed');
    } finally {
      idle.close();
    }
    const few = new S3ObjectSources(context, { maxClients: 1 });
    try {
      const other = { id: 'intg-0000000000000004', versionId: lake.versionId };
      const first = few.open(target(lake));
      await first.head('data.bin', null, signal());
      first.close();
      const kept = relay.open();
      const second = few.open(target(other));
      await second.head('data.bin', null, signal());
      second.close();
      // The first integration's idle client made room for the second's.
      await until(() => relay.open() === kept, "the first integration's client to be destroyed");
      const connections = relay.made();
      const again = few.open(target(other));
      await again.head('data.bin', null, signal());
      again.close();
      expect(relay.made()).toBe(connections);
    } finally {
      few.close();
    }
  });

  it('closes every kept connection when the sources are closed (shutdown)', async () => {
    await browse(target(lake));
    await browse(target({ id: 'intg-0000000000000003', versionId: lake.versionId }));
    expect(relay.open()).toBeGreaterThan(1);
    sources.close();
    await until(() => relay.open() === 0, 'the kept connections to close');
  });
});
