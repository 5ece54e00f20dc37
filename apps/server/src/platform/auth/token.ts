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

/**
 * Verified tokens, until their expiry: verification is a pure function of the token, the key and the clock, and
 * HMAC through WebCrypto was 7 % of a list request's CPU. Revocation is the session's business, not the token's.
 */
const verified = new Map<string, { claims: TokenClaims; exp: number; secret: Uint8Array }>();
const MAX_VERIFIED = 20_000;

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  const hit = verified.get(token);
  if (hit) {
    if (hit.secret === secret && hit.exp > Date.now()) return hit.claims;
    verified.delete(token);
  }
  const claims = await verifyUncached(secret, token);
  if (claims) {
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { claims: { sid: claims.sid, sub: claims.sub }, exp: claims.exp, secret });
  }
  return claims ? { sid: claims.sid, sub: claims.sub } : null;
}

async function verifyUncached(secret: Uint8Array, token: string): Promise<(TokenClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
      return null;
    return { sid: payload.sid, sub: payload.sub, exp: payload.exp * 1000 };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
