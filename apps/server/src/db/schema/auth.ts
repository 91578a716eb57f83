import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One sign-in: what an access token's `sid` names. Revoking it (sign-out, password change, reuse
 * of a replaced refresh token) ends both its refresh tokens and its access tokens at once.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Rotating refresh tokens of a session (`familyId`); reuse of a replaced one revokes the session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    replacedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId)],
);

/** E-mailed one-time codes of the second sign-in step. */
export const otpChallenges = pgTable("otp_challenges", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  mfaTokenHash: text().notNull().unique(),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use links sent by e-mail: sign-up confirmation and password reset. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    purpose: text({ enum: ["signup", "reset"] }).notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_tokens_email_idx").on(t.email, t.purpose)],
);
