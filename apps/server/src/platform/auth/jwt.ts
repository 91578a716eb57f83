import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import type { AccessClaims } from "@portico/shared/schemas/auth";
import { errors, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";

const ISSUER = "portico";
const AUDIENCE = "portico-api";

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export class JwtSigner {
  /** A KeyObject, so jose does not import the raw key again for every token. */
  private readonly key: KeyObject;
  /**
   * Tokens already verified, with their expiry: a token is sent with every request for its whole
   * life, and its signature cannot change. Revocation is not cached here (the viewer query reads
   * the session every time).
   */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; expiresAtMs: number }>({
    max: 20_000,
  });

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, "utf8"));
  }

  async sign(claims: AccessClaims, now = new Date()): Promise<AccessToken> {
    const expiresAt = new Date(now.getTime() + this.ttlMinutes * 60_000);
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Only HS256 with our key is accepted: `alg: none` and foreign keys fail here. */
  async verify(token: string): Promise<{ claims: AccessClaims } | { error: "expired" | "invalid" }> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return { claims: known.claims };
      this.verified.delete(token);
      return { error: "expired" };
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || !payload.exp)
        return { error: "invalid" };
      const claims = { sub: payload.sub, sid: payload.sid };
      this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return { claims };
    } catch (err) {
      return { error: err instanceof errors.JWTExpired ? "expired" : "invalid" };
    }
  }

  /**
   * A value only this server can compute from `input`, keyed by the signing secret (so every
   * instance on the same database agrees): the successor of a refresh token.
   */
  derive(purpose: string, input: string): string {
    return createHmac("sha256", this.key).update(`${purpose}\0${input}`).digest("base64url");
  }
}
