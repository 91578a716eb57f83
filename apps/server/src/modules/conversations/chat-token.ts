/**
 * The chat token (spec §7.2 token): what a browser sends over the WebSocket, which carries no
 * Authorization header. Short-lived, bound to the user and the session of the access token that
 * asked for it, and signed with a key of its own (derived from the server secret), so a chat
 * token is never accepted as an access token nor the other way round. The session is checked
 * again whenever a token is presented, so signing out ends the socket at its next renewal.
 */
import { createSecretKey, type KeyObject } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { JwtSigner } from "../../platform/auth/jwt";
import type { Viewer } from "../../platform/auth/viewer";

const ISSUER = "portico";
const AUDIENCE = "portico-chat";
export const CHAT_TOKEN_TTL_SECONDS = 5 * 60;

export interface ChatClaims {
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

export class ChatTokens {
  private readonly key: KeyObject;

  constructor(
    jwt: JwtSigner,
    private readonly ttlSeconds = CHAT_TOKEN_TTL_SECONDS,
  ) {
    this.key = createSecretKey(Buffer.from(jwt.derive("chat-token-key", "v1"), "utf8"));
  }

  async sign(viewer: Pick<Viewer, "userId" | "sessionId">, now = Date.now()) {
    const expiresAt = new Date(now + this.ttlSeconds * 1000);
    const token = await new SignJWT({ sid: viewer.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(viewer.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired chat token; undefined for anything else. */
  async verify(token: string): Promise<ChatClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== "string" || !payload.exp) return undefined;
      return { userId, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      return undefined;
    }
  }
}
