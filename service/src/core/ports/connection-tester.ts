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
  /** Its secret fields, resolved. */
  secrets: Readonly<Record<string, string>>;
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

export interface ConnectionTester {
  /** The kinds it can test. */
  readonly kinds: readonly string[];
  /** Never throws for a failed connection: the outcome says what failed. */
  test(request: ConnectionTestRequest): Promise<ConnectionTestOutcome>;
}
