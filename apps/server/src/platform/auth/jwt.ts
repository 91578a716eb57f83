import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import type { AccessClaims } from "@portico/shared/schemas/auth";
import { errors, jwtVerify, SignJWT } from "jose";

const ISSUER = "portico";
const AUDIENCE = "portico-api";

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export class JwtSigner {
  /** A KeyObject, so jose does not import the raw key again for every token. */
  private readonly key: KeyObject;

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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return { error: "invalid" };
      return { claims: { sub: payload.sub, sid: payload.sid } };
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
