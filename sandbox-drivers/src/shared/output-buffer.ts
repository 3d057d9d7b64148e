/**
 * Collects a process's output up to a limit, keeping the end: when a command misbehaves, its last
 * lines say why, and a runaway writer must not grow the hub's memory without bound.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer | string): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.chunks.push(buffer);
    this.size += buffer.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const excess = this.size - this.limit;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
        this.dropped += first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
        this.dropped += excess;
      }
    }
  }

  /** Bytes dropped from the front so far. */
  get truncated(): number {
    return this.dropped;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** The last `bytes` of a text, cut at a character boundary. */
export function tailOf(text: string, bytes: number): string {
  const buffer = Buffer.from(text);
  if (buffer.length <= bytes) return text;
  return buffer
    .subarray(buffer.length - bytes)
    .toString('utf8')
    .replace(/^\uFFFD+/, '');
}

/** How much output an `exec` keeps per stream. */
export const EXEC_OUTPUT_LIMIT = 16 * 1024 * 1024;
/** How much output a long-running process keeps per stream. */
export const PROCESS_OUTPUT_LIMIT = 64 * 1024;
