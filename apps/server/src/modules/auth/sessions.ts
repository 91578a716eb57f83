/**
 * Sign-in sessions: a short-lived access JWT plus a rotating refresh token in an httpOnly cookie.
 * Each refresh replaces the token; presenting a replaced token again (outside a short grace for
 * two tabs refreshing at once) means it was stolen, so the whole family is revoked.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { refreshTokens } from "../../db/schema";
import type { AccessToken } from "../../platform/auth/jwt";
import { hashToken, newToken } from "../../platform/auth/secrets";
import { SESSION_EXPIRED } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { unauthorized } from "../../platform/errors";
import { loadVendorRole } from "./users.queries";

export const REFRESH_COOKIE = "portico_rt";
export const REFRESH_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Two tabs may refresh with the same cookie within this window without being taken for theft. */
const CONCURRENT_REFRESH_GRACE_MS = 10_000;

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

async function signAccess(ctx: AppContext, exec: Executor, userId: number): Promise<AccessToken> {
  const role = await loadVendorRole(exec, userId);
  return ctx.jwt.sign({
    sub: String(userId),
    eng: role === "engineer" || role === "admin",
    adm: role === "admin",
  });
}

async function insertRefresh(exec: Executor, userId: number, familyId: string): Promise<string> {
  const token = newToken();
  await exec.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
  });
  return token;
}

/** Starts a new session family for a user who just proved who they are. */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  userId: number,
): Promise<SessionAnswer> {
  const token = await insertRefresh(ctx.db, userId, randomUUID());
  setRefreshCookie(ctx, reply, token);
  return present(await signAccess(ctx, ctx.db, userId));
}

export async function rotateSession(
  ctx: AppContext,
  reply: FastifyReply,
  presented: string | undefined,
): Promise<SessionAnswer> {
  if (!presented) throw unauthorized(SESSION_EXPIRED);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for("update");
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false as const };
    if (row.replacedAt && Date.now() - row.replacedAt.getTime() > CONCURRENT_REFRESH_GRACE_MS) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { ok: false as const, reused: true };
    }
    if (!row.replacedAt)
      await tx.update(refreshTokens).set({ replacedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const token = await insertRefresh(tx, row.userId, row.familyId);
    return { ok: true as const, token, access: await signAccess(ctx, tx, row.userId) };
  });
  if (!outcome.ok) {
    clearRefreshCookie(reply);
    throw unauthorized(SESSION_EXPIRED);
  }
  setRefreshCookie(ctx, reply, outcome.token);
  return present(outcome.access);
}

/** Revokes the family of the presented refresh token (sign-out). */
export async function endSession(exec: Executor, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [row] = await exec
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (!row) return;
  await exec
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, except the family of `keep` (the caller's own) when given. */
export async function revokeSessions(exec: Executor, userId: number, keep?: string): Promise<void> {
  let keepFamily: string | undefined;
  if (keep) {
    const [row] = await exec
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(keep)));
    if (row?.userId === userId) keepFamily = row.familyId;
  }
  await exec
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined,
      ),
    );
}
