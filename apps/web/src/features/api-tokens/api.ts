/**
 * API tokens and the registration key (issue 13; docs/API.md): the organization's tokens, their
 * scopes, creating (the secret comes back once) and deleting; the registration key's hint and
 * a new key. Shapes are the shared schemas (api-tokens.ts, licences.ts).
 */
import type {
  TApiToken,
  TCreateApiTokenRequest,
  ZApiScopeList,
  ZApiTokenCreated,
  ZApiTokenList,
} from "@portico/shared/schemas/api-tokens";
import type { ZRegistrationKeyInfo, ZRegistrationKeyIssued } from "@portico/shared/schemas/licences";
import type { z } from "@portico/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TApiToken };
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreated>;
export type TApiScopeList = z.infer<typeof ZApiScopeList>;
export type TRegistrationKeyInfo = z.infer<typeof ZRegistrationKeyInfo>;
export type TRegistrationKeyIssued = z.infer<typeof ZRegistrationKeyIssued>;

export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  list: (accountId: number) => ["api-tokens", accountId] as const,
  scopes: ["api-tokens", "scopes"] as const,
  registrationKey: (accountId: number) => ["registration-key", accountId] as const,
};

export const apiTokensApi = {
  list: (accountId: number, signal?: AbortSignal) =>
    api.get<z.infer<typeof ZApiTokenList>>("/api/auth/api-tokens", { aid: accountId, signal }),
  scopes: (signal?: AbortSignal) =>
    api.get<TApiScopeList>("/api/auth/api-tokens/scopes", { aid: false, signal }),
  create: (accountId: number, body: TCreateApiTokenRequest) =>
    api.post<TApiTokenCreated>("/api/auth/api-tokens", body, { aid: accountId }),
  remove: (accountId: number, id: number) =>
    api.delete<void>(`/api/auth/api-tokens/${id}`, { aid: accountId }),
  registrationKey: (accountId: number, signal?: AbortSignal) =>
    api.get<TRegistrationKeyInfo>("/api/auth/api-key", { aid: accountId, signal }),
  newRegistrationKey: (accountId: number) =>
    api.post<TRegistrationKeyIssued>("/api/auth/api-key", undefined, { aid: accountId }),
};

export const apiTokensQuery = (accountId: number) =>
  queryOptions({
    queryKey: apiTokenKeys.list(accountId),
    queryFn: ({ signal }) => apiTokensApi.list(accountId, signal),
  });

export const apiScopesQuery = queryOptions({
  queryKey: apiTokenKeys.scopes,
  queryFn: ({ signal }) => apiTokensApi.scopes(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export const registrationKeyQuery = (accountId: number) =>
  queryOptions({
    queryKey: apiTokenKeys.registrationKey(accountId),
    queryFn: ({ signal }) => apiTokensApi.registrationKey(accountId, signal),
  });

/** The example of `POST /api/cluster/register` with `secret`, for a script on the cluster. */
export function registerCommand(secret: string, origin = window.location.origin): string {
  return [
    "curl -fsS -X POST",
    `-H "Authorization: Bearer ${secret}"`,
    '-H "Content-Type: application/json"',
    `-d '{"name":"lab-1","deployment_id":"dep-lab-1"}'`,
    `${origin}/api/cluster/register`,
  ].join(" ");
}

/** What a new token can be tried with: the first of its scopes, as a curl line. */
export function tokenExample(
  secret: string,
  scopes: readonly string[],
  accountId: number,
  origin = window.location.origin,
): string {
  const auth = `-H "Authorization: Bearer ${secret}"`;
  if (scopes.includes("cluster_register")) return registerCommand(secret, origin);
  if (scopes.includes("health_upload"))
    return [
      "curl -fsS -X POST",
      auth,
      '-H "Content-Type: application/json"',
      "--data-binary @/path/report.json",
      `"${origin}/api/health/report?cluster_id=$CLUSTER_ID"`,
    ].join(" ");
  if (scopes.includes("clusters_read"))
    return `curl -fsS ${auth} ${origin}/api/accounts/${accountId}/clusters`;
  return `curl -fsS ${auth} ${origin}/api/accounts/${accountId}/files`;
}
