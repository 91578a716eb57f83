import {
  API_SCOPE_NAMES,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT_MAX,
} from "@portico/shared/schemas/api-tokens";
import { LICENCE_MESSAGES, REGISTRATION_KEY_PREFIX } from "@portico/shared/schemas/licences";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, registrationKeys } from "../../db/schema";
import { hashToken } from "../../platform/auth/secrets";
import { castSuite, type Method } from "../conversations/test-fixtures";

const s = castSuite();
const tokensOf = (aid: number) => `/api/auth/api-tokens?aid=${aid}`;
const keyOf = (aid: number) => `/api/auth/api-key?aid=${aid}`;
const valid = { name: "Backup script", expiry_days: 30, api_names: ["cluster_register", "health_upload"] };

async function create(authorization: string, aid: number, body: object = valid) {
  return s.call(authorization, "POST", tokensOf(aid), body);
}

describe("API tokens", () => {
  it("creates a token: the secret once, with the prefix, stored as a hash, expiring after expiry_days", async () => {
    const before = Date.now();
    const res = await create(s.cast.ownerA, s.cast.orgA.id);
    expect(res.status).toBe(201);
    const { token, secret } = res.body as { token: Record<string, unknown>; secret: string };
    expect(secret).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(token).toMatchObject({
      account_id: s.cast.orgA.id,
      name: "Backup script",
      hint: `${API_TOKEN_PREFIX}…${secret.slice(-4)}`,
      api_names: ["cluster_register", "health_upload"],
      created_by: "Olga Owner",
      last_used_at: null,
      expired: false,
    });
    const expires = Date.parse(token.expires_at as string);
    expect(expires - before).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(expires - before).toBeLessThan(30 * 86_400_000 + 60_000);

    const [row] = await s.t.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, token.id as number));
    expect(row?.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await s.call(s.cast.ownerA, "GET", tokensOf(s.cast.orgA.id));
    expect(list.status).toBe(200);
    expect(list.raw).not.toContain(secret);
    expect(list.body.items).toContainEqual(token);
  });

  it("lists newest first, for an engineer too, with who created each and whether it expired", async () => {
    const first = (await create(s.cast.engineer, s.cast.orgB.id, { ...valid, name: "First" })).body.token;
    const second = (await create(s.cast.ownerB, s.cast.orgB.id, { ...valid, name: "Second" })).body.token;
    await s.t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, first.id));
    const list = await s.call(s.cast.engineer, "GET", tokensOf(s.cast.orgB.id));
    const mine = list.body.items.filter((i: { id: number }) => [first.id, second.id].includes(i.id));
    expect(mine.map((i: { name: string }) => i.name)).toEqual(["Second", "First"]);
    expect(mine[0]).toMatchObject({ created_by: "Bob B", expired: false });
    expect(mine[1]).toMatchObject({ created_by: "Erin Engineer", expired: true });
  });

  it("answers each bad request with its message and stores nothing", async () => {
    const cases: [object, string][] = [
      [{ ...valid, expiry_days: 0 }, API_TOKEN_MESSAGES.expiryDays],
      [{ ...valid, expiry_days: 366 }, API_TOKEN_MESSAGES.expiryDays],
      [{ ...valid, expiry_days: 1.5 }, API_TOKEN_MESSAGES.expiryDays],
      [{ ...valid, api_names: [] }, API_TOKEN_MESSAGES.scopesRequired],
      [{ name: "x", expiry_days: 1 }, API_TOKEN_MESSAGES.scopesRequired],
      [{ ...valid, api_names: ["admin"] }, API_TOKEN_MESSAGES.unknownScope],
      [{ ...valid, name: "   " }, API_TOKEN_MESSAGES.nameRequired],
      [{ ...valid, name: "n".repeat(101) }, API_TOKEN_MESSAGES.nameTooLong],
    ];
    const account = s.cast.orgA.id;
    const before = await s.t.db.$count(apiTokens, eq(apiTokens.accountId, account));
    for (const [body, error] of cases) {
      const res = await create(s.cast.ownerA, account, body);
      expect({ body, res: res.body }).toEqual({ body, res: { error, status: 400 } });
    }
    expect(await s.t.db.$count(apiTokens, eq(apiTokens.accountId, account))).toBe(before);
    const edge = await create(s.cast.ownerA, account, { ...valid, expiry_days: 365, name: "n".repeat(100) });
    expect(edge.status).toBe(201);
  });

  it(`keeps at most ${API_TOKENS_PER_ACCOUNT_MAX} tokens per organization`, async () => {
    const org = s.cast.orgB.id;
    const held = await s.t.db.$count(apiTokens, eq(apiTokens.accountId, org));
    await s.t.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_PER_ACCOUNT_MAX - held }, (_, i) => ({
        accountId: org,
        name: `filler ${i}`,
        tokenHash: `filler-${org}-${i}`,
        hint: "x",
        scopes: ["files_read"],
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    expect((await create(s.cast.ownerB, org)).body).toEqual({
      error: API_TOKEN_MESSAGES.tooMany,
      status: 409,
    });
    await s.t.db.delete(apiTokens).where(eq(apiTokens.accountId, org));
  });

  it("deletes a token (204), then it is gone; another organization's is not found", async () => {
    const token = (await create(s.cast.ownerA, s.cast.orgA.id)).body.token;
    const other = `/api/auth/api-tokens/${token.id}?aid=${s.cast.orgB.id}`;
    expect((await s.call(s.cast.ownerB, "DELETE", other)).body).toEqual({
      error: API_TOKEN_MESSAGES.tokenNotFound,
      status: 404,
    });
    expect((await s.call(s.cast.engineer, "DELETE", other)).status).toBe(404);
    const url = `/api/auth/api-tokens/${token.id}?aid=${s.cast.orgA.id}`;
    expect(await s.status(s.cast.ownerA, "DELETE", url)).toBe(204);
    expect(await s.status(s.cast.ownerA, "DELETE", url)).toBe(404);
    const list = await s.call(s.cast.ownerA, "GET", tokensOf(s.cast.orgA.id));
    expect(list.body.items.map((i: { id: number }) => i.id)).not.toContain(token.id);
  });

  it("lists the scopes with what each allows", async () => {
    const res = await s.call(s.cast.userA, "GET", "/api/auth/api-tokens/scopes");
    expect(res.status).toBe(200);
    expect(res.body.map((x: { name: string }) => x.name)).toEqual(API_SCOPE_NAMES);
    for (const scope of res.body as unknown as { description: string }[])
      expect(scope.description).toBeTruthy();
  });
});

describe("the registration key", () => {
  it("has none at first, then is shown once on issue, its hint after; issuing again replaces it", async () => {
    const org = s.cast.orgB.id;
    expect((await s.call(s.cast.ownerB, "GET", keyOf(org))).body).toEqual({ hint: null, created_at: null });
    const first = await s.call(s.cast.ownerB, "POST", keyOf(org));
    expect(first.status).toBe(200);
    expect(first.body.key).toMatch(new RegExp(`^${REGISTRATION_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.body.hint).toBe(`${REGISTRATION_KEY_PREFIX}…${first.body.key.slice(-4)}`);
    const info = await s.call(s.cast.engineer, "GET", keyOf(org));
    expect(info.body).toEqual({ hint: first.body.hint, created_at: first.body.created_at });
    expect(info.raw).not.toContain(first.body.key);

    const second = await s.call(s.cast.engineer, "POST", keyOf(org));
    expect(second.body.key).not.toBe(first.body.key);
    const rows = await s.t.db.select().from(registrationKeys).where(eq(registrationKeys.accountId, org));
    expect(rows.map((r) => r.keyHash)).toEqual([hashToken(second.body.key)]);
  });
});

describe("tenancy", () => {
  const routes = (aid: number): [Method, string, object?][] => [
    ["GET", tokensOf(aid)],
    ["POST", tokensOf(aid), valid],
    ["DELETE", `/api/auth/api-tokens/1?aid=${aid}`],
    ["GET", keyOf(aid)],
    ["POST", keyOf(aid)],
  ];

  it("answers 401 without a token on every route", async () => {
    for (const [method, url] of [
      ...routes(s.cast.orgA.id),
      ["GET", "/api/auth/api-tokens/scopes"] as const,
    ]) {
      const res = await s.t.app.inject({ method, url, payload: { junk: true } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses another organization's owner (403, their aid is not theirs) and a plain member (403)", async () => {
    for (const [method, url, body] of routes(s.cast.orgA.id)) {
      const other = await s.call(s.cast.ownerB, method, url, body);
      expect(other.status, `${method} ${url}`).toBe(403);
      const plain = await s.call(s.cast.userA, method, url, body);
      const ownersOnly = url.includes("api-key")
        ? LICENCE_MESSAGES.ownersOnly
        : API_TOKEN_MESSAGES.ownersOnly;
      expect({ url, method, body: plain.body }).toEqual({
        url,
        method,
        body: { error: ownersOnly, status: 403 },
      });
    }
  });

  it("answers 404 to an engineer naming an organization that does not exist", async () => {
    for (const [method, url, body] of routes(2_000_000_000)) {
      expect((await s.call(s.cast.engineer, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
  });
});
