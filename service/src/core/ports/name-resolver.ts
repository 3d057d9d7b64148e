export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/**
 * Turns a host name into every address it has (docs/outbound-requests.md). The system resolver in
 * production; a host embedding the hub, or a test, may give its own so that a name resolves where
 * it says without touching real DNS.
 */
export type NameResolver = (hostname: string) => Promise<ResolvedAddress[]>;
