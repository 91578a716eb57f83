import type { TCreatedAccount } from "@portico/shared/schemas/accounts";
import { api } from "../../lib/api-client";

export const organizationsApi = {
  /** `{valid: true}`, or 400 / 409 with the reason. */
  validateName: (name: string, signal?: AbortSignal) =>
    api.post<{ valid: boolean }>(
      "/api/auth/validate-organization-name",
      { name },
      { aid: false, ...(signal ? { signal } : {}) },
    ),
  create: (company: string) => api.post<TCreatedAccount>("/api/auth/accounts", { company }, { aid: false }),
  join: (body: { token: string; team_name: string; consent_received: true }) =>
    api.post<{ account_id: number }>("/api/auth/join-account", body, { aid: false }),
};
