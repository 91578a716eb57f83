/**
 * Sign-in sessions: a short-lived access JWT naming its session (`sid`) plus a rotating refresh
 * token in an httpOnly cookie. Each refresh replaces the token with its successor, a value derived
 * from it with the server's secret, so two tabs refreshing with the same cookie inside the grace
 * window both get the same successor instead of a second live token. Presenting a replaced token
 * after the grace means it was stolen: the session is revoked, and with it every access token.
 */
import { randomUUID } from "node:crypto";
import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { refreshTokens, sessions } from "../../db/schema";
import type { AccessToken } from "../../platform/auth/jwt";
import { hashToken, newToken } from "../../platform/auth/secrets";
import { SESSION_EXPIRED } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor, Tx } from "../../platform/db/client";
import { forbidden, unauthorized } from "../../platform/errors";
import { onlyInDisabledOrganizations } from "./users.queries";

export const REFRESH_COOKIE = "portico_rt";
export const REFRESH_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Two tabs may refresh with the same cookie within this window without being taken for theft. */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;
/** How far a replay inside the grace may follow successors to reach the live token. */
const MAX_SUCCESSOR_HOPS = 8;

export interface SessionAnswer {
  access_token: string;
  expires_at: string;
}

function present(access: AccessToken): SessionAnswer {
  return { access_token: access.token, expires_at: access.expiresAt.toISOString() };
}

function setRefreshCookie(ctx: AppContext, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: ctx.config.publicUrl.startsWith("https://"),
    path: "/api/auth",
    maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
}

const successorOf = (ctx: AppContext, token: string) => ctx.jwt.derive("refresh-successor", token);

async function insertRefresh(exec: Executor, userId: number, sessionId: string, token: string) {
  await exec.insert(refreshTokens).values({
    userId,
    familyId: sessionId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
  });
}

/** Starts a new session for a user who just proved who they are. */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
): Promise<SessionAnswer> {
  const sessionId = randomUUID();
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id: sessionId, userId });
    await insertRefresh(tx, userId, sessionId, token);
  });
  setRefreshCookie(ctx, reply, token);
  return present(await ctx.jwt.sign({ sub: String(userId), sid: sessionId }));
}

async function findLiveRefresh(tx: Tx, token: string) {
  const [row] = await tx
    .select({ token: refreshTokens, revokedAt: sessions.revokedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .for("update", { of: refreshTokens });
  if (!row || row.revokedAt || row.token.expiresAt.getTime() <= Date.now()) return undefined;
  return row.token;
}

type Rotation =
  | { ok: true; token: string; userId: number; sessionId: string }
  | { ok: false; organizationDisabled?: true };

async function rotate(ctx: AppContext, tx: Tx, presented: string): Promise<Rotation> {
  // Asked before liveness: disabling the organization revoked this session too, and its member
  // should learn why rather than be told the session expired.
  const owner = await sessionOfRefresh(tx, presented);
  if (owner && (await onlyInDisabledOrganizations(tx, owner.userId))) {
    return { ok: false, organizationDisabled: true };
  }
  const row = await findLiveRefresh(tx, presented);
  if (!row) return { ok: false };
  const session = { userId: row.userId, sessionId: row.familyId };
  if (!row.replacedAt) {
    const token = successorOf(ctx, presented);
    await tx.update(refreshTokens).set({ replacedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    await insertRefresh(tx, row.userId, row.familyId, token);
    return { ok: true, token, ...session };
  }
  if (Date.now() - row.replacedAt.getTime() <= CONCURRENT_REFRESH_GRACE_MS) {
    // A second tab with the same cookie: hand it the token the first one received (or what that
    // one has since been replaced by), never a new one.
    let token = presented;
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
      token = successorOf(ctx, token);
      const next = await findLiveRefresh(tx, token);
      if (!next) break;
      if (!next.replacedAt) return { ok: true, token, ...session };
    }
    return { ok: false };
  }
  await revokeSession(tx, row.familyId);
  return { ok: false };
}

export async function rotateSession(
  ctx: AppContext,
  reply: FastifyReply,
  presented: string | undefined,
): Promise<SessionAnswer> {
  if (!presented) throw unauthorized(SESSION_EXPIRED);
  const outcome = await ctx.db.transaction((tx) => rotate(ctx, tx, presented));
  if (!outcome.ok) {
    clearRefreshCookie(reply);
    if (outcome.organizationDisabled) throw forbidden(CUSTOMER_MESSAGES.accountDisabled);
    throw unauthorized(SESSION_EXPIRED);
  }
  setRefreshCookie(ctx, reply, outcome.token);
  return present(await ctx.jwt.sign({ sub: String(outcome.userId), sid: outcome.sessionId }));
}

async function revokeSession(exec: Executor, sessionId: string): Promise<void> {
  await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

async function sessionOfRefresh(exec: Executor, presented: string) {
  const [row] = await exec
    .select({ sessionId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  return row;
}

/**
 * Sign-out: revokes the session of the presented refresh token, or of the access token when no
 * cookie came with it, and so every token of that session.
 */
export async function endSession(
  ctx: AppContext,
  refresh: string | undefined,
  access: string | undefined,
): Promise<void> {
  const byRefresh = refresh ? await sessionOfRefresh(ctx.db, refresh) : undefined;
  if (byRefresh) return revokeSession(ctx.db, byRefresh.sessionId);
  const verified = access ? await ctx.jwt.verify(access) : undefined;
  if (verified && "claims" in verified) await revokeSession(ctx.db, verified.claims.sid);
}

/** Revokes every session of a user, except `keepId` (the caller's own) when given. */
export async function revokeSessions(exec: Executor, userId: number, keepId?: string): Promise<void> {
  await exec
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    );
}
