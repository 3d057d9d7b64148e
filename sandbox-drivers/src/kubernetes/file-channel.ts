import { PassThrough, Writable } from 'node:stream';
import { Exec } from '@kubernetes/client-node';
import { TailBuffer } from '../shared/output-buffer.js';
import { sendInSlices, type PodTarget } from './kube-exec.js';
import { CONTAINER } from './pod-manifest.js';

/**
 * The other end of a file channel, run by the sandbox's own Python: one JSON line per request (a
 * write's bytes follow it), one JSON line per answer (a read's bytes follow it). A write reads its
 * bytes before touching the disk, so a failed write never leaves the stream out of step.
 */
const CHANNEL_SERVER = `
import json, os, sys
requests, answers = sys.stdin.buffer, sys.stdout.buffer
def answer(head, body=b""):
    answers.write(json.dumps(head).encode() + b"\\n" + body)
    answers.flush()
for line in iter(requests.readline, b""):
    request = json.loads(line)
    path = request["path"]
    try:
        if request["op"] == "write":
            data = requests.read(request["size"])
            if len(data) != request["size"]:
                break
            folder = os.path.dirname(path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            with open(path, "wb") as file:
                file.write(data)
            answer({"ok": True})
        elif not os.path.isfile(path):
            answer({"ok": False, "missing": True})
        else:
            with open(path, "rb") as file:
                data = file.read()
            answer({"ok": True, "size": len(data)}, data)
    except OSError as error:
        answer({"ok": False, "error": error.strerror or str(error)})
`;

/** A request the channel could not carry (it closed, or stalled): the caller uses a plain exec. */
export class FileChannelLost extends Error {}

/** What the sandbox said about one request. */
export type ChannelAnswer = { ok: true; data: Buffer } | { ok: false; missing: boolean; error: string };

interface Pending {
  resolve(answer: ChannelAnswer): void;
  reject(error: Error): void;
}

/** A request that makes no progress for this long ends the channel (a stuck node, a frozen pod). */
const STALL_MS = 60_000;

/**
 * One exec connection per sandbox that stays open and carries its file reads and writes
 * (docs/kubernetes.md, "Files"). Each exec costs a WebSocket through the API server and the
 * kubelet plus a process start in the container, tens of milliseconds; a request on an open
 * channel costs a round trip. Requests go one at a time, in order.
 */
export class FileChannel {
  private readonly input = new PassThrough();
  private chunks: Buffer[] = [];
  private length = 0;
  /** How many received bytes complete the answer under way, once its head is known. */
  private needed: number | null = null;
  private readonly waiting: Pending[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private lost: FileChannelLost | null = null;
  private socket: { close(): void } | null = null;
  private answers = 0;

  private constructor(private readonly target: PodTarget) {}

  /** Opens the channel; rejects with FileChannelLost when the sandbox cannot run it. */
  static async open(target: PodTarget): Promise<FileChannel> {
    const channel = new FileChannel(target);
    await channel.connect();
    return channel;
  }

  /** Whether the sandbox ever answered: a channel that never did is not worth opening again. */
  get answered(): boolean {
    return this.answers > 0;
  }

  write(path: string, data: Buffer): Promise<ChannelAnswer> {
    return this.request({ op: 'write', path, size: data.length }, data);
  }

  read(path: string): Promise<ChannelAnswer> {
    return this.request({ op: 'read', path });
  }

  close(): void {
    this.fail(new FileChannelLost(`the file channel to ${this.target.pod} was closed`));
  }

  private async connect(): Promise<void> {
    const errors = new TailBuffer(4096);
    const stdout = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        try {
          this.take(chunk);
        } catch (error) {
          this.fail(new FileChannelLost(`the file channel to ${this.target.pod} sent something unreadable`, { cause: error }));
        }
        done();
      },
    });
    const stderr = new Writable({ write: (chunk: Buffer, _encoding, done) => (errors.push(chunk), done()) });
    try {
      const socket = await new Exec(this.target.kubeConfig).exec(
        this.target.namespace,
        this.target.pod,
        CONTAINER,
        ['python3', '-I', '-S', '-c', CHANNEL_SERVER],
        stdout,
        stderr,
        this.input,
        false,
      );
      this.socket = socket;
      const end = () => this.fail(new FileChannelLost(`the file channel to ${this.target.pod} ended${errors.text() ? `: ${errors.text().trim()}` : ''}`));
      socket.on('close', end);
      socket.on('error', end);
    } catch (error) {
      throw new FileChannelLost(`cannot open a file channel to ${this.target.pod}`, { cause: error });
    }
  }

  private request(head: Record<string, unknown>, body?: Buffer): Promise<ChannelAnswer> {
    const turn = this.queue.then(
      () =>
        new Promise<ChannelAnswer>((resolve, reject) => {
          if (this.lost) return reject(this.lost);
          const stall = setTimeout(() => this.fail(new FileChannelLost(`the file channel to ${this.target.pod} stalled`)), STALL_MS);
          this.waiting.push({
            resolve: (answer) => (clearTimeout(stall), resolve(answer)),
            reject: (error) => (clearTimeout(stall), reject(error)),
          });
          this.input.write(Buffer.from(`${JSON.stringify(head)}\n`));
          if (body) sendInSlices(this.input, body);
        }),
    );
    this.queue = turn.catch(() => {});
    return turn;
  }

  /**
   * Answers arrive in order: a JSON line, then as many bytes as it announces. Chunks are joined
   * only once an answer is whole, so a large read costs one copy.
   */
  private take(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.needed !== null && this.length < this.needed) return;
    let received = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    for (;;) {
      const newline = received.indexOf(0x0a);
      if (newline < 0) break;
      const head = JSON.parse(received.subarray(0, newline).toString()) as { ok: boolean; size?: number; missing?: boolean; error?: string };
      const end = newline + 1 + (head.size ?? 0);
      if (received.length < end) {
        this.needed = end;
        break;
      }
      const data = Buffer.from(received.subarray(newline + 1, end));
      received = received.subarray(end);
      this.needed = null;
      this.answers++;
      const pending = this.waiting.shift();
      pending?.resolve(head.ok ? { ok: true, data } : { ok: false, missing: head.missing === true, error: head.error ?? 'unknown error' });
    }
    this.chunks = received.length > 0 ? [received] : [];
    this.length = received.length;
  }

  private fail(reason: FileChannelLost): void {
    if (this.lost) return;
    this.lost = reason;
    for (const pending of this.waiting.splice(0)) pending.reject(reason);
    this.input.end();
    this.socket?.close();
  }
}
