import { email, organizationName, otp, password, personName, zId } from "../validation";
import { z } from "../zod";

/** Roles a user can hold; engineer and admin belong to the vendor's own account (id 1). */
export const ROLES = ["user", "engineer", "owner", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ZLoginRequest = z.object({
  /** The user's e-mail address. */
  username: email,
  password: z.string().min(1, "Password is required"),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSession = z.object({
  access_token: z.string(),
  /** Access token expiry, ISO 8601. */
  expires_at: z.string(),
});
export type TSession = z.infer<typeof ZSession>;

/** Either a session, or a request for the e-mailed one-time code. */
export const ZLoginResponse = z.union([
  ZSession.extend({ mfa_required: z.literal(false) }),
  z.object({ mfa_required: z.literal(true), mfa_token: z.string() }),
]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMfaLoginRequest = z.object({
  username: email,
  /** The mfa_token from the login answer. */
  token: z.string().min(1),
  otp,
});

export const ZResendOtpRequest = z.object({ mfa_token: z.string().min(1) });

export const ZInvitee = z.object({ email, role: z.enum(["user", "owner"]).default("user") });

export const ZSignupInitRequest = z.object({
  /** E-mail addresses to invite (or, signed out and without account_id, one address to sign up). */
  users: z
    .array(z.union([email, ZInvitee]))
    .min(1, "Email address is required")
    .max(50),
  account_id: zId("account_id").optional(),
});

export const ZSignupVerifyQuery = z.object({ email, token: z.string().min(1) });

export const ZSignupVerifyResponse = z.object({
  email: z.string(),
  /** invite: the token joins an organization; signup: a plain sign-up. */
  kind: z.enum(["signup", "invite"]),
  company: z.string().nullable(),
  /** The address already has an account: sign in and join instead of signing up. */
  existing_user: z.boolean(),
});
export type TSignupVerifyResponse = z.infer<typeof ZSignupVerifyResponse>;

export const ZSignupRequest = z.object({
  email,
  token: z.string().min(1),
  name: personName,
  password,
  consent_received: z.literal(true, { error: "Please accept the terms to continue" }),
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, "Please select a country"),
  timezone: z.string().trim().min(1, "Please select a time zone").max(64),
  team_name: organizationName.optional(),
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZJoinAccountRequest = z.object({
  token: z.string().min(1),
  /** The organization's name, as the invite e-mail shows it, typed to confirm. */
  team_name: z.string().trim().min(1, "Enter the organization's name"),
  consent_received: z.literal(true, { error: "Please accept the terms to continue" }),
});

export const ZForgotPasswordRequest = z.object({ email });
export const ZResetPasswordRequest = z.object({ email, token: z.string().min(1), password });
export const ZChangePasswordRequest = z.object({
  email,
  current_password: z.string().min(1, "Current password is required"),
  new_password: password,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZMfaSetting = z.object({ enable_mfa: z.boolean() });

/** Turning MFA off needs the current password; turning it on needs nothing more. */
export const ZMfaUpdate = ZMfaSetting.extend({ current_password: z.string().max(1024).optional() });
export type TMfaUpdate = z.infer<typeof ZMfaUpdate>;

export const ZMessage = z.object({ message: z.string() });

/** Access token claims. */
export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session id: the token stops working once that session is revoked. Roles are read per request. */
  sid: string;
}
