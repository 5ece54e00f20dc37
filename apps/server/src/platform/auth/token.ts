import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * The JWT only carries the session id; the session row decides whether it is still valid.
 * HS256 only: `alg: none` and any other algorithm are refused by jwtVerify's allowlist.
 */
export interface TokenClaims {
  sid: string;
  sub: string;
}

const ISSUER = 'theone';

export async function signToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyOf(secret));
}

// Importing the raw secret on every verification costs more than the HMAC itself; keep the key object.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    return { sid: payload.sid, sub: payload.sub };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
