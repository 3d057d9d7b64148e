/**
 * The port that tries an integration's connection (docs/integrations.md, "Test connection"),
 * implemented per kind in adapters/integrations/. Every connection goes through the
 * outbound-request policy (docs/outbound-requests.md) and ends by the deadline.
 */
export interface ConnectionTestRequest {
  /** The integration kind (`postgres`, `s3`, ...). */
  kind: string;
  /** Its non-secret configuration, defaults applied. */
  config: Readonly<Record<string, string | number | boolean>>;
  /**
   * Its secret fields, opened when the tester first asks (once, whoever asks again): a database's
   * tester opens its socket first and the sealed values while the server's greeting is on its way.
   * Rejects with {@link UnreadableSecretError} when a field cannot be read.
   */
  secrets(): Promise<Readonly<Record<string, string>>>;
  /** Ends the attempt (the deadline of the test). */
  signal: AbortSignal;
}

export interface ConnectionTestOutcome {
  ok: boolean;
  /**
   * What happened, in words a person can act on ("the server refused the user name or
   * password"); never a secret, never the other side's raw error text.
   */
  message: string;
}

/** A secret field of the integration that cannot be read (its source, or its sealed value): the outcome says which and why. */
export class UnreadableSecretError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnreadableSecretError';
  }
}

export interface ConnectionTester {
  /** The kinds it can test. */
  readonly kinds: readonly string[];
  /** Never throws for a failed connection: the outcome says what failed. */
  test(request: ConnectionTestRequest): Promise<ConnectionTestOutcome>;
}
