import jwt from 'jsonwebtoken';
import type { Permission } from '../identity/permissions.js';

/** The claims of a Lumen access token (a three-part HS256 JWT). */
export interface AccessClaims {
  sub: string;
  workspace: string;
  permissions: Permission[];
  /** The user's token version when issued: bumping it ends every session at once. */
  ver: number;
  /** The session (refresh-token family): signing out revokes it, and the token with it. */
  sid?: string;
  email: string;
  given_name: string;
  family_name: string;
}

const ISSUER = 'lumen';

export function signAccessToken(key: Buffer, claims: AccessClaims, ttlSeconds: number): string {
  return jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds, issuer: ISSUER });
}

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export function verifyAccessToken(key: Buffer, token: string): AccessClaims | null {
  try {
    const payload = jwt.verify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
    if (
      typeof payload !== 'object' ||
      typeof payload.sub !== 'string' ||
      typeof payload.workspace !== 'string'
    ) {
      return null;
    }
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}
