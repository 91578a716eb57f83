import { type SlaTerms, slaClock } from "@portico/shared/rules/sla";
import { eq, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { hashPassword } from "../platform/auth/passwords";
import { openPglite } from "../platform/db/client";
import { memberships, outbox, users } from "./schema";
import { DEMO_SIGN_INS, seed } from "./seed";

const SMTP = { SMTP_URL: "smtp://127.0.0.1:9" };
const ADMIN = { ADMIN_EMAIL: "root@vendor.example", ADMIN_PASSWORD: "Root-pass-123!" };

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Starts the app on an empty embedded database as main.ts does: seed from the config, then build. */
async function start(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...env });
  const database = await openPglite();
  await database.migrate();
  await seed(database.db, { demo: config.seedDemo, admin: config.bootstrapAdmin });
  const app = await buildApp({ config, db: database.db, logger: false });
  close = async () => {
    await app.close();
    await database.close();
  };
  return app;
}

const login = (app: Awaited<ReturnType<typeof start>>, username: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password } });

describe("who exists on a new embedded database", () => {
  it.each(["production", "staging"])(
    "DEPLOY_ENV=%s has no demo users, only the configured admin",
    async (env) => {
      const app = await start({ DEPLOY_ENV: env, ...SMTP, ...ADMIN });
      for (const demo of DEMO_SIGN_INS) {
        expect((await login(app, demo.email, demo.password)).statusCode).toBe(401);
      }
      // The first admin signs in with a one-time code, as every real user does.
      const started = await login(app, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
      expect(started.json().mfa_required).toBe(true);
      const [mail] = await app.ctx.db.select().from(outbox).where(eq(outbox.to, ADMIN.ADMIN_EMAIL));
      const otp = mail?.text?.match(/\b(\d{6})\b/)?.[1] ?? "";
      const admin = await app.inject({
        method: "POST",
        url: "/api/auth/mfa-login",
        payload: { username: ADMIN.ADMIN_EMAIL, token: started.json().mfa_token, otp },
      });
      expect(admin.statusCode).toBe(200);
      const me = await app.inject({
        method: "GET",
        url: "/api/chat/user",
        headers: { authorization: `Bearer ${admin.json().access_token}` },
      });
      expect(me.json()).toMatchObject({ email: ADMIN.ADMIN_EMAIL, isEngineer: true, roles: ["admin"] });
    },
  );

  it("development has the README's demo sign-ins", async () => {
    const app = await start({});
    for (const demo of DEMO_SIGN_INS) {
      expect((await login(app, demo.email, demo.password)).statusCode).toBe(200);
    }
  });

  it("demo users have taken the welcome tour; a customer who joins later is offered it", async () => {
    const app = await start({});
    const tourPending = async (email: string, password: string) => {
      const token = (await login(app, email, password)).json().access_token;
      const me = await app.inject({
        method: "GET",
        url: "/api/chat/user",
        headers: { authorization: `Bearer ${token}` },
      });
      return me.json().tourPending;
    };
    for (const demo of DEMO_SIGN_INS) expect(await tourPending(demo.email, demo.password)).toBe(false);
    // The other demo organizations' members too, and the vendor's.
    expect(await app.ctx.db.select().from(users).where(isNull(users.tourCompletedAt))).toEqual([]);

    const [joined] = await app.ctx.db
      .insert(users)
      .values({
        email: "new.member@acme.example",
        name: "New Member",
        passwordHash: await hashPassword("New-member-1!"),
        emailVerifiedAt: new Date(),
        mfaEnabled: false,
      })
      .returning();
    await app.ctx.db.insert(memberships).values({ accountId: 2, userId: joined?.id ?? 0, role: "user" });
    expect(await tourPending("new.member@acme.example", "New-member-1!")).toBe(true);
  });

  it("development has demo issues worked by an engineer; the customer sees none of the internal work", async () => {
    const app = await start({});
    const [admin, owner] = DEMO_SIGN_INS;
    const bearer = async (demo: (typeof DEMO_SIGN_INS)[number]) =>
      `Bearer ${(await login(app, demo.email, demo.password)).json().access_token}`;
    const get = async (who: string, url: string) =>
      (await app.inject({ method: "GET", url, headers: { authorization: who } })).json();

    const customer = await bearer(owner);
    const list = await get(customer, "/api/chat/issue");
    expect(list.items.map((i: { issue: { title: string } }) => i.issue.title).sort()).toEqual([
      "Drive failure alert on node 4",
      "Planning the upgrade to 5.2",
      "Replication lag between Frankfurt and Dublin",
      "Uploads failing with 503 Slow Down",
    ]);
    const lag = list.items.find((i: { issue: { title: string } }) => i.issue.title.startsWith("Replication"));
    const number = lag.issue.issue_number;

    const seen = await get(customer, `/api/chat/issue/${number}`);
    expect(seen.work.assignees.map((a: { name: string }) => a.name)).toEqual([admin.name]);
    expect(seen.work.tags).toEqual([]);
    expect(seen.notes).toEqual([]);
    expect(seen.events.map((e: { data: { type: string } }) => e.data.type)).toEqual(["created", "assigned"]);

    const staff = await get(await bearer(admin), `/api/chat/issue/${number}`);
    expect(staff.work.tags.map((t: { name: string }) => t.name)).toEqual(["needs-logs", "replication"]);
    expect(staff.work.category.name).toBe("Networking");
    expect(staff.notes).toHaveLength(1);
    expect(staff.events.map((e: { data: { type: string } }) => e.data.type)).toEqual([
      "created",
      "assigned",
      "tagged",
      "tagged",
      "categorised",
      "note_added",
    ]);
  });

  it("the demo issues carry SLA clocks: one overdue, one running, the worked ones met", async () => {
    const app = await start({});
    const [, owner] = DEMO_SIGN_INS;
    const customer = `Bearer ${(await login(app, owner.email, owner.password)).json().access_token}`;
    const res = await app.inject({
      method: "GET",
      url: "/api/chat/issue?order=sla",
      headers: { authorization: customer },
    });
    type Item = { issue: { title: string; created_at: string; sla: SlaTerms | null } };
    const now = new Date();
    const clocks = (res.json().items as Item[]).map((i) => [
      i.issue.title,
      i.issue.sla && slaClock(i.issue.sla, i.issue.created_at, now).state,
    ]);
    expect(clocks.slice(0, 2)).toEqual([
      ["Uploads failing with 503 Slow Down", "overdue"],
      ["Drive failure alert on node 4", "waiting"],
    ]);
    expect(clocks.slice(2).map(([, state]) => state)).toEqual(["met", "met"]);
  });
});
