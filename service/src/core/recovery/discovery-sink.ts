export interface Problem {
  code: string;
  message: string;
  key?: string;
}

/** What recovery's discovery reports to: proposed entries, the records they rest on, problems and progress. */
export interface DiscoverySink {
  entry(key: string, value: unknown): void;
  /** An entry proposed so far (sources run in order: notebooks see the projects' entries). */
  proposed(key: string): unknown;
  /** A stored record the proposed catalog depends on (covered by the report token). */
  record(key: string): void;
  warn(problem: Problem): void;
  error(problem: Problem): void;
  progress(message: string): void;
}
