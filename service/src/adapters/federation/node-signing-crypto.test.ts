import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NodeSigningCrypto, rsaJwkThumbprint } from './node-signing-crypto.js';

describe('RS256 signing with node:crypto', () => {
  it('names a key by its RFC 7638 thumbprint (the RFC’s own example)', () => {
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(rsaJwkThumbprint({ kty: 'RSA', n, e: 'AQAB' })).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('makes 2048-bit RSA keys whose signatures verify with the public JWK', async () => {
    const crypto = new NodeSigningCrypto();
    const key = await crypto.generateRs256Key();
    expect(createPrivateKey(key.privateKeyPem).asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
    expect(key.kid).toBe(rsaJwkThumbprint(key.publicJwk));
    expect(Object.keys(key.publicJwk).sort()).toEqual(['e', 'kty', 'n']);

    const publicKey = createPublicKey({ key: { ...key.publicJwk }, format: 'jwk' });
    const signature = Buffer.from(crypto.signRs256(key.privateKeyPem, 'a.b'), 'base64url');
    expect(signature).toHaveLength(256);
    expect(verify('sha256', Buffer.from('a.b'), publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('a.c'), publicKey, signature)).toBe(false);
    // Its own verification agrees with node:crypto's.
    expect(crypto.verifyRs256(key.publicJwk, 'a.b', signature.toString('base64url'))).toBe(true);
    expect(crypto.verifyRs256(key.publicJwk, 'a.c', signature.toString('base64url'))).toBe(false);

    // Another key signs with its own private half, not the one parsed last.
    const other = await crypto.generateRs256Key();
    expect(other.kid).not.toBe(key.kid);
    const otherSignature = Buffer.from(crypto.signRs256(other.privateKeyPem, 'a.b'), 'base64url');
    expect(verify('sha256', Buffer.from('a.b'), publicKey, otherSignature)).toBe(false);
    expect(crypto.verifyRs256(key.publicJwk, 'a.b', otherSignature.toString('base64url'))).toBe(false);
    expect(verify('sha256', Buffer.from('a.b'), createPublicKey({ key: { ...other.publicJwk }, format: 'jwk' }), otherSignature)).toBe(true);
  });
});
