/**
 * Who is asking, and which account they act on. Every authenticated route goes through
 * `requireViewer`; customer-owned queries take the account from `resolveAccount`, never from
 * the client unchecked (DESIGN §4: a customer's `aid` must be absent or their own).
 */
import { isEngineerRole, VENDOR_STAFF_ROLES } from "@portico/shared/rules/roles";
import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import { idMessage, zIdText } from "@portico/shared/validation";
import { type AnyColumn, and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { accounts, type MembershipRole, memberships, sessions, users } from "../../db/schema";
import type { Db, Executor } from "../db/client";
import { forbidden, HttpError, unauthorized } from "../errors";
import type { JwtSigner } from "./jwt";

export interface Membership {
  accountId: number;
  role: MembershipRole;
}

export interface Viewer {
  userId: number;
  email: string;
  name: string;
  isEngineer: boolean;
  isAdmin: boolean;
  defaultAccountId: number | null;
  /** The sign-in this request belongs to. */
  sessionId: string;
  /** Every organization the viewer belongs to, oldest first; policies read roles from here. */
  memberships: Membership[];
}

export const SESSION_EXPIRED = "Session expired, please sign in again";
export const INVALID_TOKEN = "Invalid access token";
export const USER_DISABLED = "This user is disabled";

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Everything a request needs to know about its viewer, in one round trip: the user, whether the
 * token's session is still live, and every membership (the vendor role among them).
 */
function viewerQuery(db: Db) {
  return db
    .select({
      email: users.email,
      name: users.name,
      isDisabled: users.isDisabled,
      defaultAccountId: users.defaultAccountId,
      sessionRevokedAt: sessions.revokedAt,
      sessionFound: sql<boolean>`${sessions.id} is not null`,
      // A disabled organization's memberships give no access (issue 16); the count of them tells
      // a member locked out by them from a user who has joined nothing yet.
      memberships: sql<Membership[]>`coalesce((
        select json_agg(json_build_object('accountId', m.account_id, 'role', m.role)
                        order by m.created_at, m.account_id)
        from ${memberships} m join ${accounts} a on a.id = m.account_id
        where m.user_id = ${users.id} and not a.is_disabled), '[]'::json)`,
      disabledMemberships: sql<number>`(
        select count(*)::int from ${memberships} m join ${accounts} a on a.id = m.account_id
        where m.user_id = ${users.id} and a.is_disabled)`,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder("sid")), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("portico_viewer");
}

const preparedViewers = new WeakMap<Db, ReturnType<typeof viewerQuery>>();

export async function loadViewer(db: Db, userId: number, sessionId: string): Promise<Viewer> {
  let query = preparedViewers.get(db);
  if (!query) {
    query = viewerQuery(db);
    preparedViewers.set(db, query);
  }
  const [row] = await query.execute({ userId, sid: sessionId });
  if (!row?.sessionFound) throw unauthorized(INVALID_TOKEN);
  // Before the session's state: disabling the organization revoked it, and the member should
  // learn why rather than be told the session expired.
  if (row.memberships.length === 0 && row.disabledMemberships > 0) {
    throw unauthorized(CUSTOMER_MESSAGES.accountDisabled);
  }
  if (row.sessionRevokedAt) throw unauthorized(SESSION_EXPIRED);
  if (row.isDisabled) throw new HttpError(401, USER_DISABLED);
  const vendorRole = row.memberships.find((m) => m.accountId === VENDOR_ACCOUNT_ID)?.role;
  return {
    userId,
    email: row.email,
    name: row.name,
    isEngineer: isEngineerRole(vendorRole),
    isAdmin: vendorRole === "admin",
    defaultAccountId: row.defaultAccountId,
    sessionId,
    memberships: row.memberships,
  };
}

/** 401 unless the request carries a valid access token of a live session of an enabled user. */
export async function authenticate(request: FastifyRequest, db: Db, jwt: JwtSigner): Promise<Viewer> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const result = await jwt.verify(token);
  if ("error" in result) throw unauthorized(result.error === "expired" ? SESSION_EXPIRED : INVALID_TOKEN);
  return loadViewer(db, Number(result.claims.sub), result.claims.sid);
}

/** The vendor's own organization: its members are engineers and admins. */
export const VENDOR_ACCOUNT_ID = 1;

export interface AccountScope {
  accountId: number;
  /** The viewer's role in that account; null for engineers acting on a customer account. */
  role: "user" | "owner" | "engineer" | "admin" | null;
}

/** Parses `aid` (1 to 2^31 − 1); answers 400 for a malformed one so it is never silently ignored. */
export function readAid(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.aid;
  if (raw === undefined || raw === "") return undefined;
  const parsed = zIdText("aid").safeParse(String(raw));
  if (!parsed.success) throw new HttpError(400, idMessage("aid"));
  return parsed.data;
}

export const NO_ORGANIZATION = "You are not a member of any organization yet";
export const NOT_YOUR_ACCOUNT = "You do not have access to this account";

/** The account this request acts on: `aid` when allowed, else the viewer's default organization. */
export function resolveAccount(viewer: Viewer, aid: number | undefined): AccountScope {
  const scope = findAccountScope(viewer, aid);
  if (!scope) throw forbidden(NO_ORGANIZATION);
  return scope;
}

/** As resolveAccount, but undefined for a viewer who belongs to no organization yet. */
export function findAccountScope(viewer: Viewer, aid: number | undefined): AccountScope | undefined {
  const mine = viewer.memberships;
  if (aid !== undefined) {
    const own = mine.find((m) => m.accountId === aid);
    if (own) return own;
    if (viewer.isEngineer) return { accountId: aid, role: null };
    throw forbidden(NOT_YOUR_ACCOUNT);
  }
  return mine.find((m) => m.accountId === viewer.defaultAccountId) ?? mine[0];
}

/** The viewer's role in an account, if they are a member. */
export function membershipRole(viewer: Viewer, accountId: number): MembershipRole | undefined {
  return viewer.memberships.find((m) => m.accountId === accountId)?.role;
}

/** SQL: the user holds an engineer role (engineer or admin) in the vendor's own account. */
export const isEngineerSql = (userId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${memberships} where ${memberships.userId} = ${userId} and ${memberships.accountId} = ${VENDOR_ACCOUNT_ID} and ${inArray(memberships.role, [...VENDOR_STAFF_ROLES])})`;

/** The user's role in the vendor's own account (id 1), if any: engineer or admin. */
export async function loadVendorRole(exec: Executor, userId: number) {
  const [row] = await exec
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, VENDOR_ACCOUNT_ID)));
  return row?.role;
}
