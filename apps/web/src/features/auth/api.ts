/** Calls of the signed-out auth screens (spec §7.1, docs/API.md). Types only from the shared contract. */
import type {
  TLoginRequest,
  TLoginResponse,
  TSession,
  TSignupRequest,
  TSignupVerifyResponse,
} from "@portico/shared/schemas/auth";
import { api } from "../../lib/api-client";

interface MessageAnswer {
  message: string;
}

/** These calls run without a session: no bearer token, no organization, no 401 handling. */
const PUBLIC = { auth: false, aid: false } as const;

export const authApi = {
  login: (body: TLoginRequest) => api.post<TLoginResponse>("/api/auth/login", body, PUBLIC),
  mfaLogin: (body: { username: string; token: string; otp: string }) =>
    api.post<TSession>("/api/auth/mfa-login", body, PUBLIC),
  resendOtp: (mfaToken: string) =>
    api.post<MessageAnswer>("/api/auth/resend-otp", { mfa_token: mfaToken }, PUBLIC),
  signupInit: (email: string) => api.post<MessageAnswer>("/api/auth/signup/init", { users: [email] }, PUBLIC),
  signupVerify: (email: string, token: string) =>
    api.get<TSignupVerifyResponse>("/api/auth/signup/verify", { ...PUBLIC, query: { email, token } }),
  signup: (body: TSignupRequest) => api.post<MessageAnswer>("/api/auth/signup", body, PUBLIC),
  forgotPassword: (email: string) => api.post<MessageAnswer>("/api/auth/forgot-password", { email }, PUBLIC),
  resetPassword: (body: { email: string; token: string; password: string }) =>
    api.post<MessageAnswer>("/api/auth/reset-password", body, PUBLIC),
  changePassword: (body: { email: string; current_password: string; new_password: string }) =>
    api.post<MessageAnswer>("/api/auth/change-password", body),
};
