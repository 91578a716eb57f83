import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZJoinAccountRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessage,
  ZMfaLoginRequest,
  ZMfaSetting,
  ZMfaUpdate,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZSession,
  ZSignupInitRequest,
  ZSignupRequest,
  ZSignupVerifyQuery,
  ZSignupVerifyResponse,
} from "@portico/shared/schemas/auth";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { authenticate, bearerToken } from "../../platform/auth/viewer";
import { badRequest } from "../../platform/errors";
import { assertMayManageAccount } from "../accounts/accounts.policy";
import { actorOf } from "../customers/audit";
import { checkPassword, OTP_SENT, resendOtp, verifyOtp } from "./login.service";
import {
  assertCurrentPassword,
  CURRENT_PASSWORD_REQUIRED,
  changePassword,
  PASSWORD_CHANGED,
  PASSWORD_RESET,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from "./password.service";
import { clearRefreshCookie, endSession, REFRESH_COOKIE, rotateSession, startSession } from "./sessions";
import {
  CHECK_INBOX,
  completeSignup,
  joinAccount,
  requestSignup,
  sendInvites,
  verifySignupLink,
} from "./signup.service";

const tags = ["auth"];

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const passwordLogin = (engineersOnly: boolean) =>
    async function login(
      request: { body: z.infer<typeof ZLoginRequest>; ip: string },
      reply: Parameters<typeof startSession>[1],
    ): Promise<z.infer<typeof ZLoginResponse>> {
      const result = await checkPassword(ctx, { ...request.body, ip: request.ip, engineersOnly });
      if (result.mfa) return { mfa_required: true, mfa_token: result.mfaToken };
      return { mfa_required: false, ...(await startSession(ctx, reply, result.userId)) };
    };

  /** Signed-out calls; `open` ones also work during maintenance (engineers signing in, sessions). */
  const signedOut = { public: true } as const;
  const open = { public: true, maintenance: "open" } as const;

  const loginSchema = { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } };
  app.post("/login", { config: signedOut, schema: loginSchema }, passwordLogin(false));
  app.post("/maintenance-login", { config: open, schema: loginSchema }, passwordLogin(true));

  app.post(
    "/mfa-login",
    { config: open, schema: { tags, body: ZMfaLoginRequest, response: { 200: ZSession } } },
    async (request, reply) => {
      const userId = await verifyOtp(ctx, { ...request.body, ip: request.ip });
      return startSession(ctx, reply, userId);
    },
  );

  app.post(
    "/resend-otp",
    { config: open, schema: { tags, body: ZResendOtpRequest, response: { 200: ZMessage } } },
    async (request) => {
      await resendOtp(ctx, request.body.mfa_token);
      return { message: OTP_SENT };
    },
  );

  app.post(
    "/refresh-token",
    { config: open, schema: { tags, response: { 200: ZSession } } },
    async (request, reply) => rotateSession(ctx, reply, request.cookies[REFRESH_COOKIE]),
  );

  app.post("/logout", { config: open, schema: { tags } }, async (request, reply) => {
    await endSession(ctx, request.cookies[REFRESH_COOKIE], bearerToken(request));
    clearRefreshCookie(reply);
    return reply.code(204).send();
  });

  app.post(
    "/signup/init",
    {
      // Signed out it starts a sign-up; with account_id it invites, and then needs a signed-in owner.
      config: signedOut,
      schema: {
        tags,
        body: ZSignupInitRequest,
        response: { 200: z.object({ message: z.string(), invited: z.array(z.string()).optional() }) },
      },
    },
    async (request) => {
      const invitees = request.body.users.map((u) =>
        typeof u === "string" ? { email: u, role: "user" as const } : u,
      );
      const accountId = request.body.account_id;
      if (accountId === undefined) {
        if (request.headers.authorization) throw badRequest("account_id is required to invite users");
        const [only] = invitees;
        if (!only || invitees.length > 1) throw badRequest("Sign up one e-mail address at a time");
        await requestSignup(ctx, only.email, request.ip);
        return { message: CHECK_INBOX };
      }
      const viewer = await authenticate(request, ctx.db, ctx.jwt);
      await assertMayManageAccount(ctx.db, viewer, accountId);
      const invited = await sendInvites(ctx, actorOf(viewer, request.ip), accountId, invitees);
      return { message: `${invited.length} invitation(s) sent`, invited };
    },
  );

  app.get(
    "/signup/verify",
    {
      config: signedOut,
      schema: { tags, querystring: ZSignupVerifyQuery, response: { 200: ZSignupVerifyResponse } },
    },
    async (request) => verifySignupLink(ctx, request.query.email, request.query.token),
  );

  app.post(
    "/signup",
    { config: signedOut, schema: { tags, body: ZSignupRequest, response: { 201: ZMessage } } },
    async (request, reply) => {
      await ctx.limits.consume([["signupPerAddress", request.ip]]);
      await completeSignup(ctx, request.body);
      return reply.code(201).send({ message: "Your account is ready. Sign in to continue." });
    },
  );

  app.post(
    "/join-account",
    {
      schema: { tags, body: ZJoinAccountRequest, response: { 200: z.object({ account_id: z.number() }) } },
    },
    async (request) => ({ account_id: await joinAccount(ctx, requireViewer(request), request.body) }),
  );

  app.post(
    "/forgot-password",
    { config: signedOut, schema: { tags, body: ZForgotPasswordRequest, response: { 200: ZMessage } } },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    "/reset-password",
    { config: signedOut, schema: { tags, body: ZResetPasswordRequest, response: { 200: ZMessage } } },
    async (request) => {
      await resetPassword(ctx, { ...request.body, ip: request.ip });
      return { message: PASSWORD_RESET };
    },
  );

  app.post(
    "/change-password",
    { schema: { tags, body: ZChangePasswordRequest, response: { 200: ZMessage } } },
    async (request) => {
      await changePassword(ctx, requireViewer(request), { ...request.body, ip: request.ip });
      return { message: PASSWORD_CHANGED };
    },
  );

  app.get("/mfa", { schema: { tags, response: { 200: ZMfaSetting } } }, async (request) => {
    const [user] = await ctx.db
      .select({ mfa: users.mfaEnabled })
      .from(users)
      .where(eq(users.id, requireViewer(request).userId));
    return { enable_mfa: user?.mfa ?? false };
  });

  app.post(
    "/mfa",
    { schema: { tags, body: ZMfaUpdate, response: { 200: ZMfaSetting } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { enable_mfa, current_password } = request.body;
      // Turning the second factor off weakens the account: the password must be proven first.
      if (!enable_mfa) {
        if (!current_password) throw badRequest(CURRENT_PASSWORD_REQUIRED);
        await assertCurrentPassword(ctx, viewer, current_password, request.ip);
      }
      await ctx.db
        .update(users)
        .set({ mfaEnabled: enable_mfa, updatedAt: new Date() })
        .where(eq(users.id, viewer.userId));
      return { enable_mfa };
    },
  );
}
