import { federationIssuer } from './issuer-documents.js';

/** The issuer URL tokens name, or why there is none. */
export type IssuerAddress = { issuer: string; reason?: undefined } | { issuer: null; reason: string };

export interface IssuerAddressInput {
  /** SERVICE_PUBLIC_URL's origin, or null. */
  publicUrl: string | null;
  /** The base path under the public URL (`''` at the root). */
  basePath: string;
  /** The address the hub listens on (`http://127.0.0.1:8321`) once it does; null before. */
  listenAddress: string | null;
  /** SERVICE_HOST, as configured. */
  listenHost: string;
}

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * Where the hub's workload identity issuer is (docs/federation.md): `<SERVICE_PUBLIC_URL>/federation`,
 * base path included; without a public URL, the listen address. Every token names it in `iss` and
 * consumers fetch the issuer's documents there, so it must be one fixed address: a request's `Host`
 * never decides it, and a hub listening on all interfaces has no single address until
 * SERVICE_PUBLIC_URL names one.
 */
export function issuerAddressOf(input: IssuerAddressInput): IssuerAddress {
  if (input.publicUrl !== null) return usable(`${input.publicUrl}${input.basePath}`, 'SERVICE_PUBLIC_URL');
  if (ALL_INTERFACES.has(input.listenHost.trim())) {
    return {
      issuer: null,
      reason: `the hub listens on all interfaces (SERVICE_HOST=${input.listenHost || '""'}): set SERVICE_PUBLIC_URL to the address the token consumers reach it at`,
    };
  }
  if (input.listenAddress === null) return { issuer: null, reason: 'the hub is not listening yet, and SERVICE_PUBLIC_URL is not set' };
  return usable(`${input.listenAddress}${input.basePath}`, 'the listen address');
}

function usable(hubAddress: string, from: string): IssuerAddress {
  try {
    return { issuer: federationIssuer(hubAddress) };
  } catch {
    return { issuer: null, reason: `${from} (${hubAddress}) gives no usable issuer URL: an http(s) URL without query, fragment or credentials` };
  }
}
