/** Shared by the licence API tests: calls through the real app, the published keys, issuing. */
import { LICENCE_KEYS_PATH } from "@portico/shared/schemas/licences";
import type { JSONWebKeySet } from "jose";
import { expect } from "vitest";
import type { App } from "../../app";
import { inject, type Method } from "../clusters/clusters-test-kit";
import type { Frame } from "../conversations/chat-test-client";

export const caller =
  (app: () => App) => (authorization: string | undefined, method: Method, url: string, payload?: object) =>
    inject(app(), authorization, method, url, payload);

/** The key set as a cluster fetches it from the well-known URL. */
export async function publishedKeys(app: App): Promise<JSONWebKeySet> {
  const res = await app.inject({ method: "GET", url: LICENCE_KEYS_PATH });
  expect(res.statusCode).toBe(200);
  return res.json();
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Issues a licence as an engineer (201 expected). */
export async function issued(
  app: App,
  engineer: string,
  accountId: number,
  terms: { plan?: string; capacity_tib?: number; expires_at?: string } = {},
) {
  const res = await inject(app, engineer, "POST", `/api/auth/accounts/${accountId}/licence`, {
    plan: "ENTERPRISE",
    capacity_tib: 100,
    expires_at: inDays(300),
    ...terms,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Frame & { token: string; key_id: string; id: number };
}
