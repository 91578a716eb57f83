import { type TProfile, ZProfileUpdate } from "@portico/shared/schemas/profile";
import { and, eq, sql } from "drizzle-orm";
import { memberships, userPictures, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { badRequest, notFound } from "../../platform/errors";
import { assertExpertiseAllowed } from "../conversations/categories.service";
import { phoneColumns } from "../phone/phone.service";

export async function getProfile(exec: Executor, userId: number): Promise<TProfile> {
  const [row] = await exec
    .select({ user: users, hasPicture: sql<boolean>`${userPictures.userId} is not null` })
    .from(users)
    .leftJoin(userPictures, eq(userPictures.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  const u = row.user;
  return {
    profile_name: u.name,
    email: u.email,
    timezone: u.timezone,
    country_code: u.countryCode,
    slack_member_id: u.slackMemberId,
    expertise_category_id: u.expertiseCategoryId,
    email_notification: u.emailNotification,
    phone: u.phone,
    picture_url: row.hasPicture ? `/api/chat/user/${u.id}/thumbnail?v=${u.updatedAt.getTime()}` : null,
  };
}

/**
 * Applies the text fields of the profile form; empty strings clear optional fields. Only an
 * engineer has an expertise category, and only one that exists.
 */
export async function updateProfile(
  exec: Executor,
  user: { userId: number; isEngineer: boolean },
  fields: Record<string, string>,
) {
  const { userId } = user;
  const parsed = ZProfileUpdate.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid profile");
  const p = parsed.data;
  if (p.expertise_category_id !== undefined) {
    await assertExpertiseAllowed(exec, user.isEngineer, p.expertise_category_id);
  }
  const orNull = (v: string | undefined) => (v === undefined ? undefined : v === "" ? null : v);
  await exec
    .update(users)
    .set({
      name: p.profile_name,
      timezone: orNull(p.timezone),
      countryCode: orNull(p.country_code),
      slackMemberId: orNull(p.slack_member_id),
      ...(p.phone === undefined ? {} : phoneColumns(orNull(p.phone) ?? null)),
      expertiseCategoryId: p.expertise_category_id,
      emailNotification: p.email_notification,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Points the user's picture at bytes already in the storage; answers the key it replaces. */
export async function savePicture(exec: Executor, userId: number, contentType: string, storageKey: string) {
  const [previous] = await exec
    .select({ key: userPictures.storageKey })
    .from(userPictures)
    .where(eq(userPictures.userId, userId));
  const values = { userId, contentType, storageKey, data: null, updatedAt: new Date() };
  await exec
    .insert(userPictures)
    .values(values)
    .onConflictDoUpdate({ target: userPictures.userId, set: values });
  await exec.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));
  return previous?.key ?? undefined;
}

/** A picture is visible to its owner, to engineers, for engineers' pictures, and within shared organizations. */
export async function mayViewPicture(
  exec: Executor,
  viewer: { userId: number; isEngineer: boolean },
  userId: number,
) {
  if (viewer.isEngineer || viewer.userId === userId) return true;
  const [shared] = await exec
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        sql`(${memberships.accountId} = 1 or ${memberships.accountId} in (select account_id from memberships where user_id = ${viewer.userId}))`,
      ),
    )
    .limit(1);
  return shared !== undefined;
}

/** The welcome tour was finished or dismissed (offered no more, on any device), or is offered again. */
export async function setTourCompleted(exec: Executor, userId: number, completed: boolean) {
  await exec
    .update(users)
    .set({ tourCompletedAt: completed ? sql`now()` : null })
    .where(eq(users.id, userId));
}
