import { createHash, createPrivateKey, createPublicKey, generateKeyPair, sign, verify, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { GeneratedSigningKey, RsaPublicJwk, SigningCrypto } from '../../core/ports/signing-crypto.js';

const generateRsaKeyPair = promisify(generateKeyPair);

/** 2048 bits: what RS256 issuers publish (and every consumer accepts); the key is rotated, not kept for years. */
const MODULUS_BITS = 2048;

/** The JWK thumbprint of an RSA public key (RFC 7638): SHA-256 over its required members in lexical order. */
export function rsaJwkThumbprint(jwk: RsaPublicJwk): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
}

/** RS256 keys and signatures with node:crypto. */
export class NodeSigningCrypto implements SigningCrypto {
  // Parsing a PEM for every token would cost more than the signature; the hub signs with one key at a time.
  private parsed: { pem: string; key: KeyObject } | null = null;

  async generateRs256Key(): Promise<GeneratedSigningKey> {
    const { publicKey, privateKey } = await generateRsaKeyPair('rsa', { modulusLength: MODULUS_BITS, publicExponent: 0x10001 });
    const exported = publicKey.export({ format: 'jwk' });
    if (exported.kty !== 'RSA' || typeof exported.n !== 'string' || typeof exported.e !== 'string') throw new Error('node:crypto exported no RSA JWK');
    const publicJwk: RsaPublicJwk = { kty: 'RSA', n: exported.n, e: exported.e };
    return { kid: rsaJwkThumbprint(publicJwk), publicJwk, privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string };
  }

  signRs256(privateKeyPem: string, signingInput: string): string {
    if (this.parsed?.pem !== privateKeyPem) this.parsed = { pem: privateKeyPem, key: createPrivateKey(privateKeyPem) };
    return sign('sha256', Buffer.from(signingInput, 'utf8'), this.parsed.key).toString('base64url');
  }

  verifyRs256(publicJwk: RsaPublicJwk, signingInput: string, signature: string): boolean {
    const key = createPublicKey({ key: { kty: publicJwk.kty, n: publicJwk.n, e: publicJwk.e }, format: 'jwk' });
    return verify('sha256', Buffer.from(signingInput, 'utf8'), key, Buffer.from(signature, 'base64url'));
  }
}
