/** System alerts: engineers post, edit and clear them; every signed-in user reads the live ones. */
import { SYSTEM_ALERT_MESSAGES } from "@portico/shared/schemas/system-alerts";
import { MESSAGES } from "@portico/shared/validation";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { systemAlerts } from "../../db/schema";
import { createAccount, createTestApp, createUser, signIn, type TestContext } from "../../test/helper";

let t: TestContext;
const auth = { engineer: "", owner: "", member: "", loner: "" };
let published: { channel: string; frame: unknown }[] = [];

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function call(who: string | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/auth${url}`,
    headers: who ? { authorization: who } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const rows = () => t.db.select().from(systemAlerts);
const liveIds = async (who = auth.member) =>
  (await call(who, "GET", "/system-alert")).body.items.map((i: { id: number }) => i.id);

/** Alerts are global: each test starts with none. */
beforeEach(async () => {
  await t.db.delete(systemAlerts);
  published = [];
});

beforeAll(async () => {
  t = await createTestApp();
  const org = await createAccount(t.db, "Acme-system-alerts");
  const make = async (key: keyof typeof auth, opts: Parameters<typeof createUser>[1]) => {
    auth[key] = (
      await signIn(t.app, await createUser(t.db, { name: `${key} person`, ...opts }))
    ).authorization;
  };
  await make("engineer", { accountId: 1, role: "engineer" });
  await make("owner", { accountId: org.id, role: "owner" });
  await make("member", { accountId: org.id, role: "user" });
  await make("loner", {});
  const realtime = t.app.ctx.realtime;
  const publish = realtime.publish.bind(realtime);
  vi.spyOn(realtime, "publish").mockImplementation((channel, frame, revision) => {
    published.push({ channel, frame });
    publish(channel, frame, revision);
  });
});
afterEach(() => {
  published = [];
});
afterAll(() => t.close());

const post = (payload: object) => call(auth.engineer, "POST", "/system-alerts", payload);
const PUSH = { channel: "broadcast", frame: { type: "system-alerts", channel: "broadcast" } };

describe("POST system-alerts", () => {
  it("posts an alert live from now with no end, names who posted it, and tells every browser", async () => {
    const res = await post({ level: "critical", message: "  Uploads are down  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      level: "critical",
      message: "Uploads are down",
      ends_at: null,
      state: "live",
      created_by_name: "engineer person",
      cleared_at: null,
    });
    expect(Date.parse(res.body.starts_at)).toBeLessThanOrEqual(Date.now());
    expect(published).toEqual([PUSH]);
    // Every signed-in user sees it, a user of no organization too.
    for (const who of [auth.member, auth.owner, auth.loner, auth.engineer]) {
      expect(await liveIds(who)).toEqual([res.body.id]);
    }
  });

  it("keeps a window with a start and an end", async () => {
    const starts = at(2 * HOUR);
    const ends = at(3 * HOUR);
    const res = await post({ level: "warning", message: "Planned work", starts_at: starts, ends_at: ends });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ state: "scheduled", starts_at: starts, ends_at: ends });
  });

  it.each([
    ["an end before the start", { starts_at: at(2 * HOUR), ends_at: at(HOUR) }, MESSAGES.endDateBeforeStart],
    ["an end equal to the start", { starts_at: at(HOUR), ends_at: "same" }, MESSAGES.endDateBeforeStart],
    ["an end in the past", { ends_at: at(-HOUR) }, MESSAGES.invalidEndDate],
    [
      "an end in the past after a past start",
      { starts_at: at(-2 * HOUR), ends_at: at(-HOUR) },
      MESSAGES.invalidEndDate,
    ],
    ["a start that is no date", { starts_at: "tomorrow" }, MESSAGES.invalidStartDate],
    ["a start on a day the calendar lacks", { starts_at: "2030-02-30T10:00:00Z" }, MESSAGES.invalidStartDate],
    ["a date without an offset", { starts_at: "2030-01-10T10:00:00" }, MESSAGES.invalidStartDate],
    ["an end that is no date", { ends_at: "soon" }, MESSAGES.endDateInvalid],
    ["no message", { message: "   " }, SYSTEM_ALERT_MESSAGES.messageRequired],
    ["501 characters", { message: "a".repeat(501) }, SYSTEM_ALERT_MESSAGES.messageTooLong],
    ["an unknown level", { level: "urgent" }, SYSTEM_ALERT_MESSAGES.levelRequired],
  ])("refuses %s with 400, stores nothing and pushes nothing", async (_name, change, message) => {
    const payload: Record<string, unknown> = { level: "info", message: "Hello", ...change };
    if (payload.ends_at === "same") payload.ends_at = payload.starts_at;
    const res = await post(payload);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await rows()).toHaveLength(0);
    expect(published).toEqual([]);
  });

  it("takes 500 characters and a start in the past", async () => {
    const res = await post({ level: "info", message: "b".repeat(500), starts_at: at(-HOUR) });
    expect(res.status).toBe(201);
    expect(res.body.state).toBe("live");
  });
});

describe("GET system-alert (the banner's)", () => {
  it("lists live ones and those starting within 24 hours, by start; not ended, cleared or later ones", async () => {
    const live = (await post({ level: "info", message: "Live", starts_at: at(-HOUR) })).body;
    const soon = (
      await post({ level: "warning", message: "Soon", starts_at: at(HOUR), ends_at: at(2 * HOUR) })
    ).body;
    await post({ level: "info", message: "Later", starts_at: at(25 * HOUR) });
    const cleared = (await post({ level: "critical", message: "Cleared" })).body;
    await call(auth.engineer, "POST", `/system-alerts/${cleared.id}/clear`);
    const ended = (await post({ level: "info", message: "Ended", ends_at: at(HOUR) })).body;
    // Its end passes (written directly: the API refuses an end in the past).
    await t.db
      .update(systemAlerts)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(systemAlerts.id, ended.id));

    const res = await call(auth.member, "GET", "/system-alert");
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: live.id, level: "info", message: "Live", starts_at: live.starts_at, ends_at: null },
      { id: soon.id, level: "warning", message: "Soon", starts_at: soon.starts_at, ends_at: soon.ends_at },
    ]);
    expect(Math.abs(Date.parse(res.body.now) - Date.now())).toBeLessThan(60_000);

    const states = (await call(auth.engineer, "GET", "/system-alerts")).body.items.map(
      (i: { message: string; state: string }) => `${i.message}:${i.state}`,
    );
    expect(states).toEqual([
      "Ended:ended",
      "Cleared:cleared",
      "Later:scheduled",
      "Soon:scheduled",
      "Live:live",
    ]);
  });

  it("answers 401 without a token", async () => {
    expect((await call(null, "GET", "/system-alert")).status).toBe(401);
  });

  it("answers an empty list when there is none", async () => {
    expect((await call(auth.loner, "GET", "/system-alert")).body.items).toEqual([]);
  });
});

describe("GET system-alerts (engineers)", () => {
  it("pages newest first and filters by state", async () => {
    for (const message of ["one", "two", "three"]) await post({ level: "info", message });
    await post({ level: "info", message: "four", starts_at: at(HOUR) });
    const page = await call(auth.engineer, "GET", "/system-alerts?page=2&page_size=3");
    expect(page.body).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(page.body.items.map((i: { message: string }) => i.message)).toEqual(["one"]);
    const scheduled = await call(auth.engineer, "GET", "/system-alerts?state=scheduled");
    expect(scheduled.body).toMatchObject({ total: 1, items: [{ message: "four", state: "scheduled" }] });
    expect((await call(auth.engineer, "GET", "/system-alerts?state=gone")).status).toBe(400);
  });
});

describe("PUT system-alerts/:id", () => {
  it("changes level, message and window; a missing start keeps the stored one", async () => {
    const created = (await post({ level: "info", message: "Slow", starts_at: at(-HOUR) })).body;
    published = [];
    const res = await call(auth.engineer, "PUT", `/system-alerts/${created.id}`, {
      level: "critical",
      message: "Down",
      ends_at: at(HOUR),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      level: "critical",
      message: "Down",
      starts_at: created.starts_at,
      state: "live",
    });
    expect(published).toEqual([PUSH]);
    expect(await liveIds()).toEqual([created.id]);
  });

  it("checks the end against the stored start", async () => {
    const created = (await post({ level: "info", message: "Later", starts_at: at(5 * HOUR) })).body;
    published = [];
    const res = await call(auth.engineer, "PUT", `/system-alerts/${created.id}`, {
      level: "info",
      message: "Later",
      ends_at: at(2 * HOUR),
    });
    expect(res).toMatchObject({ status: 400, body: { error: MESSAGES.endDateBeforeStart } });
    const [row] = await rows();
    expect(row?.endsAt).toBeNull();
    expect(published).toEqual([]);
  });

  it("moves a scheduled alert to start now", async () => {
    const created = (await post({ level: "info", message: "Planned", starts_at: at(5 * HOUR) })).body;
    const res = await call(auth.engineer, "PUT", `/system-alerts/${created.id}`, {
      level: "info",
      message: "Planned",
      starts_at: at(0),
    });
    expect(res.body.state).toBe("live");
  });

  it("answers 404 for an unknown alert and 409 for a cleared one, changing nothing", async () => {
    const missing = await call(auth.engineer, "PUT", "/system-alerts/99999", { level: "info", message: "x" });
    expect(missing).toMatchObject({ status: 404, body: { error: SYSTEM_ALERT_MESSAGES.notFound } });
    const created = (await post({ level: "info", message: "Gone" })).body;
    await call(auth.engineer, "POST", `/system-alerts/${created.id}/clear`);
    published = [];
    const res = await call(auth.engineer, "PUT", `/system-alerts/${created.id}`, {
      level: "info",
      message: "Back",
    });
    expect(res).toMatchObject({ status: 409, body: { error: SYSTEM_ALERT_MESSAGES.cleared } });
    const [row] = await rows();
    expect(row?.message).toBe("Gone");
    expect(published).toEqual([]);
  });
});

describe("POST system-alerts/:id/clear", () => {
  it("takes the alert down for everyone, names who cleared it, and tells every browser once", async () => {
    const created = (await post({ level: "critical", message: "Down" })).body;
    published = [];
    const res = await call(auth.engineer, "POST", `/system-alerts/${created.id}/clear`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "cleared", cleared_by_name: "engineer person" });
    expect(res.body.cleared_at).not.toBeNull();
    expect(published).toEqual([PUSH]);
    expect(await liveIds()).toEqual([]);
    // Clearing again changes nothing and pushes nothing.
    const again = await call(auth.engineer, "POST", `/system-alerts/${created.id}/clear`);
    expect(again.body.cleared_at).toBe(res.body.cleared_at);
    expect(published).toEqual([PUSH]);
  });

  it("answers 404 for an unknown alert and 400 for an id that is no number", async () => {
    expect((await call(auth.engineer, "POST", "/system-alerts/99999/clear")).status).toBe(404);
    expect((await call(auth.engineer, "POST", "/system-alerts/abc/clear")).status).toBe(400);
  });

  it("pushes only after the change has committed: a browser reading on the frame sees it", async () => {
    const created = (await post({ level: "warning", message: "Heads up" })).body;
    const seen: Promise<number[]>[] = [];
    const realtime = t.app.ctx.realtime;
    const spy = vi.spyOn(realtime, "publish").mockImplementationOnce(() => {
      seen.push(liveIds());
    });
    await call(auth.engineer, "POST", `/system-alerts/${created.id}/clear`);
    spy.mockRestore();
    expect(await Promise.all(seen)).toEqual([[]]);
  });
});

describe("the tenancy matrix", () => {
  it.each([
    ["an organization's owner", "owner"],
    ["a plain user", "member"],
    ["a user of no organization", "loner"],
  ] as const)("refuses %s every engineers' route with 403 and changes nothing", async (_name, who) => {
    const created = (await post({ level: "info", message: "Stays" })).body;
    published = [];
    const before = await rows();
    const answers = [
      await call(auth[who], "GET", "/system-alerts"),
      await call(auth[who], "POST", "/system-alerts", { level: "critical", message: "Mine" }),
      await call(auth[who], "PUT", `/system-alerts/${created.id}`, { level: "critical", message: "Mine" }),
      await call(auth[who], "POST", `/system-alerts/${created.id}/clear`),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(await rows()).toEqual(before);
    expect(published).toEqual([]);
  });

  it("answers 401 without a token before reading the body", async () => {
    for (const [method, url] of [
      ["GET", "/system-alerts"],
      ["POST", "/system-alerts"],
      ["PUT", "/system-alerts/1"],
      ["POST", "/system-alerts/1/clear"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/auth${url}`,
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
