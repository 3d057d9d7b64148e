export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics on the hub's scrape endpoint, parsed; rejects when nothing listens there. */
export async function scrape(port: number): Promise<Metrics> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}`);
  return new Metrics(await response.text());
}

/** Whether anything answers on the port (a refused connection means no scrape endpoint). */
export async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/metrics`);
    return true;
  } catch {
    return false;
  }
}

/** The samples of one scrape, in the Prometheus text format. */
export class Metrics {
  readonly samples: Sample[];

  constructor(readonly text: string) {
    this.samples = text
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map(parseSample);
  }

  /** Samples of `name` whose labels include `labels`. */
  find(name: string, labels: Record<string, string> = {}): Sample[] {
    return this.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  }

  /** The one sample of `name` with exactly these labels (scope label aside); undefined when absent. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const wanted = Object.keys(labels).sort().join(',');
    const matches = this.find(name, labels).filter(
      (sample) =>
        Object.keys(sample.labels)
          .filter((key) => key !== 'otel_scope_name')
          .sort()
          .join(',') === wanted,
    );
    if (matches.length > 1) throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return matches[0]?.value;
  }
}

function parseSample(line: string): Sample {
  const brace = line.indexOf('{');
  const space = line.lastIndexOf(' ');
  if (brace < 0) return { name: line.slice(0, space), labels: {}, value: Number(line.slice(space + 1)) };
  const labels: Record<string, string> = {};
  let at = brace + 1;
  while (line[at] !== '}') {
    const equals = line.indexOf('=', at);
    const key = line.slice(at, equals);
    let value = '';
    let cursor = equals + 2;
    while (line[cursor] !== '"') {
      if (line[cursor] === '\\') {
        cursor++;
        value += line[cursor] === 'n' ? '\n' : line[cursor];
      } else {
        value += line[cursor];
      }
      cursor++;
    }
    labels[key] = value;
    at = line[cursor + 1] === ',' ? cursor + 2 : cursor + 1;
  }
  return { name: line.slice(0, brace), labels, value: Number(line.slice(line.indexOf(' ', at) + 1)) };
}
