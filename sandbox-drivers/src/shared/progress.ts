/** One step of a long preparation (creating the runtime venv), for a progress display. */
export interface ProgressEvent {
  /** What is happening, e.g. "installing marimo==0.25.2, uv==0.13.9". */
  step: string;
  /** 0..100 over the whole preparation. */
  percent: number;
  /** Extra detail of the current step ("12 packages collected"). */
  detail?: string;
  done?: boolean;
}

export type ProgressListener = (event: ProgressEvent) => void;

/**
 * The default display: a line rewritten in place on a terminal, one line per change otherwise
 * (so logs stay readable).
 */
export function stderrProgress(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressListener {
  let last = '';
  return (event) => {
    const line = `[${label}] ${String(Math.round(event.percent)).padStart(3)}% ${event.step}${event.detail ? ` (${event.detail})` : ''}`;
    if (line === last) return;
    last = line;
    if (stream.isTTY) stream.write(`\r\x1b[2K${line}${event.done ? '\n' : ''}`);
    else stream.write(`${line}\n`);
  };
}
