/**
 * The signing-crypto port of the workload identity issuer (docs/federation.md): RSA key pairs for
 * RS256, signatures with them, and their verification (the issuer's own health check). The
 * issuer's core (features/federation/core) keeps keys and builds tokens; the arithmetic is an
 * adapter's (adapters/federation/node-signing-crypto.ts, node:crypto).
 */

/** The public half of an RSA key as a JWK (RFC 7517): what the JWKS publishes, with `kid`, `alg` and `use` added. */
export interface RsaPublicJwk {
  kty: 'RSA';
  /** The modulus, base64url. */
  n: string;
  /** The public exponent, base64url. */
  e: string;
}

/** A key pair made for the issuer. The private key exists in plaintext only here and in memory while it signs. */
export interface GeneratedSigningKey {
  /** The key's id in token headers and the JWKS: its JWK thumbprint (RFC 7638), so the same key always has the same id. */
  kid: string;
  publicJwk: RsaPublicJwk;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
}

export interface SigningCrypto {
  /** A new RSA key pair for RS256 (2048-bit modulus or more). */
  generateRs256Key(): Promise<GeneratedSigningKey>;
  /** The RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of `signingInput`, base64url. */
  signRs256(privateKeyPem: string, signingInput: string): string;
  /** Whether `signature` (base64url) is the RS256 signature of `signingInput` by the key whose public half is `publicJwk`. */
  verifyRs256(publicJwk: RsaPublicJwk, signingInput: string, signature: string): boolean;
}
