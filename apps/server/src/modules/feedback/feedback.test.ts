/** Feedback: any signed-in user sends it (bounded per hour); engineers list and filter it. */
import { FEEDBACK_MESSAGES } from "@portico/shared/schemas/feedback";
import { MESSAGES } from "@portico/shared/validation";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, feedback } from "../../db/schema";
import { TOO_MANY_ATTEMPTS } from "../../platform/rate-limit";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";

let t: TestContext;
let acme: { id: number; company: string };
let globex: { id: number; company: string };
const auth: Record<"owner" | "member" | "other" | "loner" | "engineer", string> = {
  owner: "",
  member: "",
  other: "",
  loner: "",
  engineer: "",
};
const ids: Record<keyof typeof auth, number> = { owner: 0, member: 0, other: 0, loner: 0, engineer: 0 };

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function call(who: string | null, method: "GET" | "POST", url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/auth${url}`,
    headers: who ? { authorization: who } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const rowsOf = (userId: number) => t.db.select().from(feedback).where(eq(feedback.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  acme = await createAccount(t.db, "Acme-feedback");
  globex = await createAccount(t.db, "Globex-feedback");
  const make = async (key: keyof typeof auth, opts: Parameters<typeof createUser>[1]) => {
    const user = await createUser(t.db, { name: `${key} person`, ...opts });
    ids[key] = user.id;
    auth[key] = (await signIn(t.app, user)).authorization;
  };
  await make("owner", { accountId: acme.id, role: "owner" });
  await make("member", { accountId: acme.id, role: "user" });
  await make("other", { accountId: globex.id, role: "owner" });
  await make("loner", {});
  await make("engineer", { accountId: 1, role: "engineer" });
});
afterAll(() => t.close());

describe("POST feedback", () => {
  it("keeps a member's rating, trimmed words and page with their organization, and answers 201", async () => {
    const res = await call(auth.member, "POST", "/feedback", {
      rating: 4,
      text: "  Uploads are quick now.  ",
      page: "/files",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rating: 4,
      text: "Uploads are quick now.",
      page: "/files",
      user_id: ids.member,
      user_name: "member person",
      account_id: acme.id,
      company: "Acme-feedback",
    });
    expect(await rowsOf(ids.member)).toHaveLength(1);
  });

  it("takes a user of no organization, with no account", async () => {
    const res = await call(auth.loner, "POST", "/feedback", { rating: 1, text: "I cannot join anything" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ account_id: null, company: null, page: null });
  });

  it("keeps an engineer's own organization even while they act as a customer's", async () => {
    const res = await call(auth.engineer, "POST", `/feedback?aid=${acme.id}`, { rating: 5, text: "Fine" });
    expect(res.status).toBe(201);
    expect(res.body.account_id).toBe(1);
  });

  it.each([
    ["no rating", { text: "x" }, FEEDBACK_MESSAGES.ratingRequired],
    ["rating 0", { rating: 0, text: "x" }, FEEDBACK_MESSAGES.ratingRequired],
    ["rating 6", { rating: 6, text: "x" }, FEEDBACK_MESSAGES.ratingRequired],
    ["rating 2.5", { rating: 2.5, text: "x" }, FEEDBACK_MESSAGES.ratingRequired],
    ["blank words", { rating: 3, text: "   " }, FEEDBACK_MESSAGES.textRequired],
    ["2,001 characters", { rating: 3, text: "a".repeat(2001) }, FEEDBACK_MESSAGES.textTooLong],
  ])("refuses %s with 400 and stores nothing", async (_name, payload, message) => {
    const before = (await rowsOf(ids.owner)).length;
    const res = await call(auth.owner, "POST", "/feedback", payload);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await rowsOf(ids.owner)).toHaveLength(before);
  });

  it("takes 2,000 characters", async () => {
    const res = await call(auth.owner, "POST", "/feedback", { rating: 3, text: "b".repeat(2000) });
    expect(res.status).toBe(201);
  });

  it("refuses a customer acting as another organization (403), and nothing is stored", async () => {
    const res = await call(auth.other, "POST", `/feedback?aid=${acme.id}`, { rating: 2, text: "Hi" });
    expect(res.status).toBe(403);
    expect(await rowsOf(ids.other)).toHaveLength(0);
  });

  it("answers 401 without a token, before reading the body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/feedback",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(401);
  });

  it("takes 10 in an hour from one user, then answers 429 with Retry-After", async () => {
    const user = await createUser(t.db, { accountId: globex.id });
    const who = (await signIn(t.app, user)).authorization;
    for (let i = 1; i <= 10; i++) {
      expect((await call(who, "POST", "/feedback", { rating: 3, text: `note ${i}` })).status).toBe(201);
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/feedback",
      headers: { authorization: who },
      payload: { rating: 3, text: "one more" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(TOO_MANY_ATTEMPTS);
    expect(res.headers["retry-after"]).toBeTruthy();
    expect(await rowsOf(user.id)).toHaveLength(10);
    // Another user is not slowed by it.
    expect((await call(auth.other, "POST", "/feedback", { rating: 5, text: "Great" })).status).toBe(201);
  });
});

describe("GET feedback (engineers)", () => {
  let fixture: { a: number; b: number; c: number };
  beforeAll(async () => {
    const org = await createAccount(t.db, "Initech-feedback");
    const u1 = await createUser(t.db, {
      accountId: org.id,
      name: "Iris Initech",
      email: "iris@initech.example",
    });
    const u2 = await createUser(t.db, { accountId: org.id, name: "Ivan Initech" });
    const rows = await t.db
      .insert(feedback)
      .values([
        {
          userId: u1.id,
          accountId: org.id,
          rating: 1,
          text: "The search is SLOW",
          createdAt: new Date(Date.now() - 3 * DAY),
        },
        {
          userId: u2.id,
          accountId: org.id,
          rating: 4,
          text: "Nice uploads",
          createdAt: new Date(Date.now() - DAY),
        },
        { userId: u1.id, accountId: org.id, rating: 5, text: "100% better", createdAt: new Date() },
      ])
      .returning({ id: feedback.id });
    fixture = { a: org.id, b: rows[0]?.id ?? 0, c: rows[2]?.id ?? 0 };
  });

  it("lists an organization's feedback newest first, with who sent it, the count and the average", async () => {
    const res = await call(auth.engineer, "GET", `/feedback?account_id=${fixture.a}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, average_rating: 3.33, page: 1, page_size: 25 });
    expect(res.body.items.map((i: { rating: number }) => i.rating)).toEqual([5, 4, 1]);
    expect(res.body.items[0]).toMatchObject({
      id: fixture.c,
      user_name: "Iris Initech",
      user_email: "iris@initech.example",
      company: "Initech-feedback",
      account_id: fixture.a,
    });
  });

  it("filters by rating, by words (case-insensitive, % taken literally) and by days", async () => {
    const base = `/feedback?account_id=${fixture.a}`;
    const one = await call(auth.engineer, "GET", `${base}&rating=1`);
    expect(one.body).toMatchObject({ total: 1, average_rating: 1 });
    const slow = await call(auth.engineer, "GET", `${base}&q=slow`);
    expect(slow.body.items.map((i: { id: number }) => i.id)).toEqual([fixture.b]);
    const percent = await call(auth.engineer, "GET", `${base}&q=${encodeURIComponent("%")}`);
    expect(percent.body.items.map((i: { id: number }) => i.id)).toEqual([fixture.c]);
    const range = await call(auth.engineer, "GET", `${base}&from=${day(-3)}&to=${day(-1)}`);
    expect(range.body.items.map((i: { rating: number }) => i.rating)).toEqual([4, 1]);
    const today = await call(auth.engineer, "GET", `${base}&from=${day(0)}&to=${day(0)}`);
    expect(today.body.items.map((i: { rating: number }) => i.rating)).toEqual([5]);
  });

  it("says nothing matched with a null average", async () => {
    const res = await call(auth.engineer, "GET", `/feedback?account_id=${fixture.a}&rating=2`);
    expect(res.body).toMatchObject({ items: [], total: 0, average_rating: null });
  });

  it("pages", async () => {
    const res = await call(auth.engineer, "GET", `/feedback?account_id=${fixture.a}&page=2&page_size=2`);
    expect(res.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(res.body.items).toHaveLength(1);
  });

  it.each([
    ["a start after today", `from=${day(2)}`, MESSAGES.invalidStartDate],
    ["a start that is no day", "from=2026-02-30", MESSAGES.invalidStartDate],
    ["an end that is no day", "to=someday", MESSAGES.endDateInvalid],
    ["an end before the start", `from=${day(-1)}&to=${day(-3)}`, MESSAGES.endDateBeforeStart],
  ])("refuses %s with spec §5's message", async (_name, query, message) => {
    const res = await call(auth.engineer, "GET", `/feedback?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it("refuses a rating out of 1–5 and a bad organization id", async () => {
    expect((await call(auth.engineer, "GET", "/feedback?rating=9")).status).toBe(400);
    expect((await call(auth.engineer, "GET", "/feedback?account_id=abc")).status).toBe(400);
  });

  it("leaves out an organization being purged", async () => {
    await t.db.update(accounts).set({ purgeStartedAt: new Date() }).where(eq(accounts.id, fixture.a));
    const res = await call(auth.engineer, "GET", `/feedback?account_id=${fixture.a}`);
    expect(res.body).toMatchObject({ items: [], total: 0 });
    await t.db.update(accounts).set({ purgeStartedAt: null }).where(eq(accounts.id, fixture.a));
  });

  it("is for engineers: 403 to an owner (of the very organization) and a plain user, 401 without a token", async () => {
    for (const who of [auth.owner, auth.member, auth.loner]) {
      const res = await call(who, "GET", `/feedback?account_id=${acme.id}`);
      expect(res.status).toBe(403);
      expect(res.body.items).toBeUndefined();
    }
    expect((await call(null, "GET", "/feedback")).status).toBe(401);
  });
});
