import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { eq, sql } from "drizzle-orm";
import { accounts, userPictures, users } from "../../db/schema";
import { findAccountScope, type Viewer } from "../../platform/auth/viewer";
import type { Db } from "../../platform/db/client";
import { HttpError } from "../../platform/errors";

/** Who the viewer is and the account they act on (null until they create or join one). */
export async function getUserInfo(db: Db, viewer: Viewer, aid: number | undefined): Promise<TUserInfo> {
  const scope = findAccountScope(viewer, aid);
  const [[user], [account]] = await Promise.all([
    db
      .select({
        mfaEnabled: users.mfaEnabled,
        tourCompletedAt: users.tourCompletedAt,
        hasPicture: sql<boolean>`exists (select 1 from ${userPictures} where ${userPictures.userId} = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, viewer.userId)),
    scope ? db.select().from(accounts).where(eq(accounts.id, scope.accountId)) : [],
  ]);
  if (!user) throw new HttpError(401, "Invalid access token");
  if (aid !== undefined && !account) throw new HttpError(404, "Account not found");
  const roles: TUserInfo["roles"] = [];
  if (viewer.isAdmin) roles.push("admin");
  if (scope?.role === "owner") roles.push("account_owner");
  return {
    userId: viewer.userId,
    name: viewer.name,
    email: viewer.email,
    accountId: account?.id ?? null,
    companyName: account?.company ?? null,
    isEngineer: viewer.isEngineer,
    roles,
    accountType: account
      ? {
          type: (account.accountType as "SUBSCRIBED" | "CUSTOM" | null) ?? null,
          serviceType: account.serviceType,
          status: (account.planStatus as "active" | "canceled" | "past_due" | null) ?? null,
          hasSupport: account.hasSupport,
        }
      : null,
    mfaEnabled: user.mfaEnabled,
    hasPicture: user.hasPicture,
    tourPending: !viewer.isEngineer && user.tourCompletedAt === null,
  };
}
