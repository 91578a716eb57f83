import { isWeekendWindow } from "@portico/shared/rules/weekend";
import { MESSAGE_MAX_LENGTH } from "@portico/shared/schemas/conversations";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, issues, messages } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { insertCluster } from "../clusters/reports-test-kit";
import { type Cast, call as callAs, createCast, type Method, openIssue, post } from "./test-fixtures";

let t: TestContext;
let cast: Cast;
let orgA: Cast["orgA"];
let orgB: Cast["orgB"];
let ownerA: string;
let userA: string;
let ownerB: string;
let engineer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t);
  ({ orgA, orgB, ownerA, userA, ownerB, engineer, admin } = cast);
});
afterAll(() => t.close());

const call = (authorization: string, method: Method, url: string, payload?: object) =>
  callAs(t.app, authorization, method, url, payload);

const countRows = async () => {
  const [i] = await t.db.select({ n: sql<number>`count(*)::int` }).from(issues);
  const [m] = await t.db.select({ n: sql<number>`count(*)::int` }).from(messages);
  return { issues: i?.n, messages: m?.n };
};

describe("opening an issue", () => {
  it("creates it with its first message, waiting for the vendor, and stamps the account", async () => {
    const cluster = await insertCluster(t.db, orgA.id);
    const before = new Date();
    const res = await call(ownerA, "POST", "/api/chat/issue", {
      title: "Pool degraded",
      accountId: orgA.id,
      message: "# Help\n\nDisk **3** failed",
      clusterId: cluster.id,
    });
    expect(res.status).toBe(201);
    const { conversation, messages: first, abilities } = res.body;
    expect(conversation).toMatchObject({
      issueStatus: "waiting",
      issueType: null,
      unreadMessageCount: 0,
      readMessageIndex: 1,
      planRank: 2,
      issue: {
        title: "Pool degraded",
        account_id: orgA.id,
        company: orgA.company,
        cluster_id: cluster.id,
        last_message_index: 1,
        issue_answer_state: { state: false, user_type: "customer", is_archived: false },
      },
    });
    expect(conversation.channelId).toBe(`issue:${conversation.issue.issue_number}`);
    expect(conversation.issue.is_weekend_priority).toBe(isWeekendWindow(conversation.issue.created_at));
    expect(first).toEqual([
      expect.objectContaining({
        index: 1,
        body: "# Help\n\nDisk **3** failed",
        author: expect.objectContaining({ name: "Olga Owner", type: "customer" }),
      }),
    ]);
    expect(abilities).toEqual({ post: true, rename: true, work: false, answer: false, join: false });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, orgA.id));
    expect(account?.lastMessageAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("numbers issues globally and never hands a number out twice", async () => {
    const a = await openIssue(t.app, ownerA, orgA.id);
    const b = await openIssue(t.app, ownerB, orgB.id);
    expect(b).toBeGreaterThan(a);
    await t.db.delete(issues).where(eq(issues.issueNumber, b));
    const c = await openIssue(t.app, engineer, orgA.id);
    expect(c).toBeGreaterThan(b);
  });

  it("an engineer opens one for any organization; it is open, not waiting", async () => {
    const res = await call(engineer, "POST", "/api/chat/issue", {
      title: "Proactive",
      accountId: orgB.id,
      message: "We saw an alert",
    });
    expect(res.status).toBe(201);
    expect(res.body.conversation.issueStatus).toBe("open");
    expect(res.body.messages[0].author.type).toBe("engineer");
  });

  it("stores HTML and script as text, exactly as written", async () => {
    const title = `<img src=x onerror=alert(1)> \u05e9\u05dc\u05d5\u05dd 🔥`;
    const message = `<script>alert("x")</script>\n[link](javascript:alert(1))`;
    const res = await call(ownerA, "POST", "/api/chat/issue", { title, accountId: orgA.id, message });
    expect(res.status).toBe(201);
    const got = await call(ownerA, "GET", `/api/chat/issue/${res.body.conversation.issue.issue_number}`);
    expect(got.body.conversation.issue.title).toBe(title);
    expect(got.body.messages[0].body).toBe(message);
  });

  const base = () => ({ title: "Fine title", accountId: orgA.id, message: "Fine message" });
  it.each<[string, () => object, number, string]>([
    ["an empty title", () => ({ ...base(), title: "" }), 400, "Title is required"],
    [
      "a title of zero-width characters",
      () => ({ ...base(), title: "\u200b\u200c\u200d\ufeff" }),
      400,
      "Title is required",
    ],
    ["a title of bidi marks", () => ({ ...base(), title: "\u200e\u200f\u202e" }), 400, "Title is required"],
    [
      "a title of 201 characters",
      () => ({ ...base(), title: "x".repeat(201) }),
      400,
      "Title cannot be longer than 200 characters",
    ],
    ["an empty message", () => ({ ...base(), message: "" }), 400, "Message cannot be empty"],
    ["a message of blanks", () => ({ ...base(), message: " \n\t\u200b " }), 400, "Message cannot be empty"],
    [
      "an over-long message",
      () => ({ ...base(), message: "x".repeat(MESSAGE_MAX_LENGTH + 1) }),
      400,
      `Message cannot be longer than ${MESSAGE_MAX_LENGTH} characters`,
    ],
    [
      "no accountId",
      () => ({ title: "t", message: "m" }),
      400,
      "accountId must be a whole number from 1 to 2147483647",
    ],
    [
      "another organization's accountId",
      () => ({ ...base(), accountId: orgB.id }),
      403,
      "You do not have access to this account",
    ],
    [
      "a bad clusterId",
      () => ({ ...base(), clusterId: "../etc" }),
      400,
      "clusterId must be 1 to 64 letters, digits, hyphens or underscores",
    ],
  ])("refuses %s with %i and code 1002, creating nothing", async (_label, body, status, error) => {
    const before = await countRows();
    const res = await call(ownerA, "POST", "/api/chat/issue", body());
    expect(res.body).toEqual({ error, status, code: 1002 });
    expect(await countRows()).toEqual(before);
  });

  it("refuses a 1 MB message before reading it as JSON", async () => {
    const before = await countRows();
    const res = await call(ownerA, "POST", "/api/chat/issue", {
      title: "big",
      accountId: orgA.id,
      message: "x".repeat(1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await countRows()).toEqual(before);
  });

  it("an engineer naming an organization that does not exist gets 404", async () => {
    const res = await call(engineer, "POST", "/api/chat/issue", {
      title: "t",
      accountId: 999999,
      message: "m",
    });
    expect(res.body).toEqual({ error: "Account not found", status: 404, code: 1002 });
  });

  it("a disabled organization opens no issue", async () => {
    const org = await createAccount(t.db);
    await t.db.update(accounts).set({ isDisabled: true }).where(eq(accounts.id, org.id));
    const res = await call(engineer, "POST", "/api/chat/issue", {
      title: "t",
      accountId: org.id,
      message: "m",
    });
    expect(res.body).toEqual({ error: "This organization is disabled", status: 403, code: 1002 });
  });
});

describe("the conversation", () => {
  let n: number;
  beforeAll(async () => {
    n = await openIssue(t.app, ownerA, orgA.id, "Slow writes", "Writes take 3 s");
  });
  const status = async () =>
    (await call(ownerA, "GET", `/api/chat/issue/${n}`)).body.conversation.issueStatus;

  it("every message stamps the organization's last_message_at", async () => {
    const message = await post(t.app, userA, n, "a stamp");
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, orgA.id));
    expect(account?.lastMessageAt?.getTime()).toBeGreaterThanOrEqual(Date.parse(message.created_at) - 1000);
  });

  it("moves through the §4 statuses as people write and engineers answer", async () => {
    expect(await status()).toBe("waiting");
    await post(t.app, engineer, n, "Looking into it");
    expect(await status()).toBe("open");
    expect((await call(engineer, "POST", `/api/chat/issue/${n}/answer`)).body.issueStatus).toBe("answered");
    await post(t.app, engineer, n, "One more hint");
    expect(await status()).toBe("answered");
    await post(t.app, userA, n, "Still slow");
    expect(await status()).toBe("waiting");
    const archived = await call(engineer, "POST", `/api/chat/issue/${n}/answer`, { archived: true });
    expect(archived.body.issueStatus).toBe("archived");
    expect(archived.body.issue.issue_answer_state).toMatchObject({
      state: true,
      user_type: "engineer",
      is_archived: true,
    });
  });

  it("an archived issue takes no message, from anyone, and nothing changes", async () => {
    const before = await countRows();
    for (const who of [ownerA, engineer]) {
      const res = await call(who, "POST", `/api/chat/issue/${n}`, { body: "hello?" });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/archived/);
    }
    const edit = await call(ownerA, "PUT", `/api/chat/issue/${n}/message/1`, { body: "changed" });
    expect(edit.status).toBe(409);
    expect(await countRows()).toEqual(before);
    expect((await call(ownerA, "GET", `/api/chat/issue/${n}`)).body.abilities.post).toBe(false);
  });

  it("reopening takes messages again", async () => {
    const reopened = await call(engineer, "POST", `/api/chat/issue/${n}/answer`, { answered: false });
    expect(reopened.body.issueStatus).toBe("open");
    await post(t.app, ownerA, n, "Thanks for reopening");
    expect(await status()).toBe("waiting");
  });

  it("an issue cannot be archived without being answered", async () => {
    const res = await call(engineer, "POST", `/api/chat/issue/${n}/answer`, {
      answered: false,
      archived: true,
    });
    expect(res.body).toEqual({ error: "Only an answered issue can be archived", status: 400 });
  });

  it("only engineers answer and join", async () => {
    for (const url of [`/api/chat/issue/${n}/answer`, `/api/chat/issue/${n}/join`]) {
      const res = await call(ownerA, "POST", url);
      expect(res.body).toEqual({ error: "Only vendor engineers can do this", status: 403 });
    }
  });

  it("an engineer joins once and is listed among the participants", async () => {
    const joined = await call(admin, "POST", `/api/chat/issue/${n}/join`);
    expect(joined.status).toBe(200);
    await call(admin, "POST", `/api/chat/issue/${n}/join`);
    const list = await call(ownerA, "GET", `/api/chat/issue/${n}/participants`);
    const names = list.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(["Olga Owner", "Una User", "Erin Engineer", "Ada Admin"]);
    expect(list.body.find((p: { name: string }) => p.name === "Ada Admin")).toMatchObject({
      is_engineer: true,
      read_message_index: 0,
    });
    expect((await call(admin, "GET", `/api/chat/issue/${n}`)).body.abilities.join).toBe(false);
  });

  it("pages messages: newest by default, around msgIndex, before and after", async () => {
    const m = await openIssue(t.app, ownerA, orgA.id, "Paging", "m1");
    for (let i = 2; i <= 12; i++) await post(t.app, i % 2 ? ownerA : engineer, m, `m${i}`);
    const page = async (query: string) => {
      const res = await call(ownerA, "GET", `/api/chat/issue/${m}?${query}`);
      expect(res.status).toBe(200);
      return {
        bodies: res.body.messages.map((x: { body: string }) => x.body).join(","),
        older: res.body.has_older,
        newer: res.body.has_newer,
      };
    };
    expect(await page("limit=3")).toEqual({ bodies: "m10,m11,m12", older: true, newer: false });
    expect(await page("limit=3&msgIndex=5")).toEqual({ bodies: "m4,m5,m6", older: true, newer: true });
    expect(await page("limit=4&msgIndex=1")).toEqual({ bodies: "m1,m2,m3,m4", older: false, newer: true });
    expect(await page("limit=4&msgIndex=12")).toEqual({
      bodies: "m9,m10,m11,m12",
      older: true,
      newer: false,
    });
    expect(await page("limit=3&before=4")).toEqual({ bodies: "m1,m2,m3", older: false, newer: true });
    expect(await page("limit=3&after=10")).toEqual({ bodies: "m11,m12", older: true, newer: false });
    expect(await page("after=12")).toEqual({ bodies: "", older: true, newer: false });
    expect(await page("before=13&limit=1")).toEqual({ bodies: "m12", older: true, newer: false });
  });

  it.each<[string, string]>([
    ["msgIndex=999", "msgIndex is past the last message"],
    ["after=999", "after is past the last message"],
    ["before=999", "before is past the last message"],
    ["msgIndex=-1", "msgIndex must be a whole number from 1 to 2147483647"],
    ["msgIndex=0", "msgIndex must be a whole number from 1 to 2147483647"],
    ["msgIndex=1.5", "msgIndex must be a whole number from 1 to 2147483647"],
    ["limit=0", "limit must be a whole number from 1 to 200"],
    ["limit=1000000000", "limit must be a whole number from 1 to 200"],
    ["msgIndex=1&after=1", "Give at most one of msgIndex, before and after"],
  ])("refuses ?%s with 400 and code 1003", async (query, error) => {
    const res = await call(ownerA, "GET", `/api/chat/issue/${n}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1003);
    expect(res.body.error).toContain(error);
  });
});

describe("renaming (1004)", () => {
  let n: number;
  beforeAll(async () => {
    n = await openIssue(t.app, ownerA, orgA.id, "Original");
  });

  it("the author, an owner and an engineer may rename; the list shows it", async () => {
    for (const [who, title] of [
      [ownerA, "By owner"],
      [engineer, "By engineer"],
    ] as const) {
      const res = await call(who, "PUT", `/api/chat/issue/${n}`, { title });
      expect(res.status).toBe(200);
      expect(res.body.issue.title).toBe(title);
    }
    const own = await openIssue(t.app, userA, orgA.id, "Mine");
    expect((await call(userA, "PUT", `/api/chat/issue/${own}`, { title: "Still mine" })).status).toBe(200);
  });

  it("a plain member who did not open it may not", async () => {
    const res = await call(userA, "PUT", `/api/chat/issue/${n}`, { title: "Hijacked" });
    expect(res.body).toEqual({
      error: "Only the issue's author, an owner of the organization or an engineer can rename it",
      status: 403,
      code: 1004,
    });
    expect((await call(userA, "GET", `/api/chat/issue/${n}`)).body.abilities.rename).toBe(false);
  });

  it.each([["\u200b\u200b"], [""], ["x".repeat(201)]])(
    "refuses the title %j with 400 and code 1004",
    async (title) => {
      const res = await call(ownerA, "PUT", `/api/chat/issue/${n}`, { title });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1004);
      const [row] = await t.db.select().from(issues).where(eq(issues.issueNumber, n));
      expect(row?.title).toBe("By engineer");
    },
  );
});

describe("lists", () => {
  it("a customer lists their organization's issues only; an engineer every one, or one organization's", async () => {
    const a = await openIssue(t.app, ownerA, orgA.id, "List A");
    const b = await openIssue(t.app, ownerB, orgB.id, "List B");
    const numbers = async (who: string, query = "") =>
      (await call(who, "GET", `/api/chat/issue?page_size=100${query}`)).body.items.map(
        (i: { issue: { issue_number: number } }) => i.issue.issue_number,
      );
    expect(await numbers(ownerA)).toContain(a);
    expect(await numbers(ownerA)).not.toContain(b);
    expect(await numbers(ownerB)).not.toContain(a);
    expect(await numbers(engineer)).toEqual(expect.arrayContaining([a, b]));
    const onlyB = await numbers(engineer, `&aid=${orgB.id}`);
    expect(onlyB).toContain(b);
    expect(onlyB).not.toContain(a);
  });

  it.each<[string, string]>([
    ["page_size=0", "page_size must be a whole number from 1 to 100"],
    ["page_size=1000000000", "page_size must be a whole number from 1 to 100"],
    ["page=0", "page must be a whole number from 1 to 2147483647"],
    ["page=-2", "page must be a whole number from 1 to 2147483647"],
    [
      "filter=mine",
      'Invalid option: expected one of "unassigned"|"assigned"|"assignee"|"following"|"participating"|"unread"|"on_call"|"all"',
    ],
    ["sort=UP", 'Invalid option: expected one of "ASC"|"DESC"'],
  ])("refuses ?%s with 400 and code 1010", async (query, error) => {
    const res = await call(ownerA, "GET", `/api/chat/issue?${query}`);
    expect(res.body).toEqual({ error, status: 400, code: 1010 });
  });

  it("a page far beyond the end is empty", async () => {
    const res = await call(engineer, "GET", "/api/chat/issue?page=2147483647&page_size=100");
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.total).toBeGreaterThan(0);
  });

  it("the assignment filters answer from what exists today", async () => {
    const org = await createAccount(t.db);
    const owner = await createUser(t.db, { accountId: org.id, role: "owner" });
    const ownerAuth = (await signIn(t.app, owner)).authorization;
    const mine = await openIssue(t.app, ownerAuth, org.id, "Mine");
    const replied = await openIssue(t.app, engineer, org.id, "Engineer's");
    const weekend = await openIssue(t.app, ownerAuth, org.id, "Weekend");
    await t.db.update(issues).set({ isWeekendPriority: true }).where(eq(issues.issueNumber, weekend));
    await t.db
      .update(issues)
      .set({ isWeekendPriority: false })
      .where(sql`${issues.issueNumber} in (${mine}, ${replied})`);
    const list = async (filter: string, who = ownerAuth) => {
      const res = await call(who, "GET", `/api/chat/issue?filter=${filter}&aid=${org.id}&page_size=100`);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((i: { issue: { issue_number: number } }) => i.issue.issue_number).sort();
    };
    const all = [mine, replied, weekend].sort();
    expect(await list("all")).toEqual(all);
    expect(await list("unassigned")).toEqual(all);
    expect(await list("assigned")).toEqual([]);
    expect(await list("assignee")).toEqual([]);
    // Whoever opens an issue follows it (assignees.test.ts covers the other filters with assignees).
    expect(await list("following")).toEqual([mine, weekend].sort());
    expect(await list("participating")).toEqual([mine, weekend].sort());
    expect(await list("unread")).toEqual([replied]);
    expect(await list("on_call", engineer)).toEqual([weekend]);
    expect(await list("participating", engineer)).toEqual([replied]);
  });

  it("filters by derived status", async () => {
    const org = await createAccount(t.db);
    const n = await openIssue(t.app, engineer, org.id);
    await call(engineer, "POST", `/api/chat/issue/${n}/answer`);
    for (const [status, expected] of [
      ["answered", [n]],
      ["open", []],
      ["waiting", []],
    ] as const) {
      const res = await call(engineer, "GET", `/api/chat/issue?status=${status}&aid=${org.id}`);
      expect(res.body.items.map((i: { issue: { issue_number: number } }) => i.issue.issue_number)).toEqual(
        expected,
      );
    }
  });
});

describe("tenancy: a customer of organization B reaches none of A's issues", () => {
  let n: number;
  let title: string;
  beforeAll(async () => {
    title = "Secret of A";
    n = await openIssue(t.app, ownerA, orgA.id, title, "A's private words");
  });

  const routes: Array<[string, Method, () => string, object | undefined]> = [
    ["read the issue", "GET", () => `/api/chat/issue/${n}`, undefined],
    ["post a message", "POST", () => `/api/chat/issue/${n}`, { body: "intrusion" }],
    ["rename it", "PUT", () => `/api/chat/issue/${n}`, { title: "pwned" }],
    ["edit a message", "PUT", () => `/api/chat/issue/${n}/message/1`, { body: "pwned" }],
    ["delete a message", "DELETE", () => `/api/chat/issue/${n}/message/1`, undefined],
    ["move the read index", "PUT", () => `/api/chat/issue/${n}/read`, { read_message_index: 1 }],
    ["look up a message", "GET", () => `/api/chat/issue/${n}/lookup-message?date=2000-01-01`, undefined],
    ["list participants", "GET", () => `/api/chat/issue/${n}/participants`, undefined],
  ];

  it.each(routes)("%s by number: 404, nothing of A", async (_label, method, url, payload) => {
    const res = await call(ownerB, method, url(), payload);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Issue not found");
    expect(res.raw).not.toContain(title);
    expect(res.raw).not.toContain("private");
  });

  it.each(routes)("%s naming A's aid: 403", async (_label, method, url, payload) => {
    const withAid = `${url()}${url().includes("?") ? "&" : "?"}aid=${orgA.id}`;
    const res = await call(ownerB, method, withAid, payload);
    expect(res.status).toBe(403);
    expect(res.raw).not.toContain(title);
  });

  it("lists: B's list, users and filters show nothing of A", async () => {
    for (const url of [
      "/api/chat/issue?page_size=100",
      "/api/chat/issue?filter=unread",
      "/api/chat/users?page_size=200",
    ]) {
      const res = await call(ownerB, "GET", url);
      expect(res.status).toBe(200);
      expect(res.raw).not.toContain(title);
      expect(res.raw).not.toContain("Olga Owner");
    }
    expect((await call(ownerB, "GET", `/api/chat/issue?aid=${orgA.id}`)).status).toBe(403);
    expect((await call(ownerB, "GET", `/api/chat/users?aid=${orgA.id}`)).body).toEqual({
      error: "You do not have access to this account",
      status: 403,
      code: 2001,
    });
  });

  it("an engineer acting on B with aid does not reach A's issue either", async () => {
    const res = await call(engineer, "GET", `/api/chat/issue/${n}?aid=${orgB.id}`);
    expect(res.status).toBe(404);
  });

  it("A's issue is unchanged", async () => {
    const res = await call(ownerA, "GET", `/api/chat/issue/${n}`);
    expect(res.body.conversation.issue.title).toBe(title);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(["A's private words"]);
    expect(res.body.conversation.issue.last_message_index).toBe(1);
  });
});
