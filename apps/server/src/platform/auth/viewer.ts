/**
 * Who is asking, and which account they act on. Every authenticated route goes through
 * `requireViewer`; customer-owned queries take the account from `resolveAccount`, never from
 * the client unchecked (DESIGN §4: a customer's `aid` must be absent or their own).
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { memberships, users } from "../../db/schema";
import type { Db, Executor } from "../db/client";
import { forbidden, HttpError, unauthorized } from "../errors";
import type { JwtSigner } from "./jwt";

export interface Viewer {
  userId: number;
  email: string;
  name: string;
  isEngineer: boolean;
  isAdmin: boolean;
  defaultAccountId: number | null;
}

export const SESSION_EXPIRED = "Session expired, please sign in again";

export async function authenticate(request: FastifyRequest, db: Db, jwt: JwtSigner): Promise<Viewer> {
  const header = request.headers.authorization;
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized();
  const result = await jwt.verify(token);
  if ("error" in result)
    throw unauthorized(result.error === "expired" ? SESSION_EXPIRED : "Invalid access token");
  const userId = Number(result.claims.sub);
  // One round trip per request: the user and their role in the vendor's account together.
  const [row] = await db
    .select({ user: users, vendorRole: memberships.role })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, 1)))
    .where(eq(users.id, userId));
  if (!row) throw unauthorized("Invalid access token");
  const { user, vendorRole } = row;
  if (user.isDisabled) throw new HttpError(401, "This user is disabled");
  return {
    userId,
    email: user.email,
    name: user.name,
    isEngineer: vendorRole === "engineer" || vendorRole === "admin",
    isAdmin: vendorRole === "admin",
    defaultAccountId: user.defaultAccountId,
  };
}

export interface AccountScope {
  accountId: number;
  /** The viewer's role in that account; null for engineers acting on a customer account. */
  role: "user" | "owner" | "engineer" | "admin" | null;
}

/** Parses `aid`; answers 400 for a malformed one so it is never silently ignored. */
export function readAid(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.aid;
  if (raw === undefined || raw === "") return undefined;
  const aid = Number(raw);
  if (!Number.isInteger(aid) || aid <= 0) throw new HttpError(400, "aid must be a positive integer");
  return aid;
}

export const NO_ORGANIZATION = "You are not a member of any organization yet";
export const NOT_YOUR_ACCOUNT = "You do not have access to this account";

/** The account this request acts on: `aid` when allowed, else the viewer's default organization. */
export async function resolveAccount(db: Db, viewer: Viewer, aid: number | undefined): Promise<AccountScope> {
  const scope = await findAccountScope(db, viewer, aid);
  if (!scope) throw forbidden(NO_ORGANIZATION);
  return scope;
}

/** As resolveAccount, but undefined for a viewer who belongs to no organization yet. */
export async function findAccountScope(
  db: Db,
  viewer: Viewer,
  aid: number | undefined,
): Promise<AccountScope | undefined> {
  const rows = await db
    .select({ accountId: memberships.accountId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, viewer.userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.accountId));
  if (aid !== undefined) {
    const own = rows.find((r) => r.accountId === aid);
    if (own) return own;
    if (viewer.isEngineer) return { accountId: aid, role: null };
    throw forbidden(NOT_YOUR_ACCOUNT);
  }
  return rows.find((r) => r.accountId === viewer.defaultAccountId) ?? rows[0];
}

/** The user's role in the vendor's own account (id 1), if any: engineer or admin. */
export async function loadVendorRole(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, 1)));
  return row?.role;
}
