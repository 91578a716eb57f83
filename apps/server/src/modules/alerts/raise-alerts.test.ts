/** raiseAlerts: who gets an alert of each kind (the service other modules call). */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertSubscriptions, alerts, outbox, users } from "../../db/schema";
import { createAccount, createTestApp, createUser, type TestContext } from "../../test/helper";
import { raiseAlerts } from "./alerts.service";

let t: TestContext;
let customer: number;
let engineer: number;
let smsEngineer: number;
let disabledEngineer: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createAccount(t.db);
  customer = (await createUser(t.db, { accountId: org.id, role: "owner" })).id;
  engineer = (await createUser(t.db, { accountId: 1, role: "engineer" })).id;
  smsEngineer = (await createUser(t.db, { accountId: 1, role: "admin" })).id;
  disabledEngineer = (await createUser(t.db, { accountId: 1, role: "engineer", disabled: true })).id;
  await t.db
    .update(users)
    .set({ phone: "+15551230000", phoneVerifiedAt: new Date(), smsAlerts: true })
    .where(eq(users.id, smsEngineer));
});
afterAll(() => t.close());

const everyone = () => [customer, engineer, smsEngineer, disabledEngineer];

describe("raiseAlerts", () => {
  it("gives an engineers-only type to enabled engineers only, once each, with their unread count", async () => {
    const raised = await t.db.transaction((tx) =>
      raiseAlerts(tx, {
        type: "PANIC",
        userIds: [...everyone(), engineer],
        message: "Panic on #1",
        link: "/issues/1",
      }),
    );
    expect(raised.map((r) => r.userId).sort()).toEqual([engineer, smsEngineer].sort());
    expect(raised[0]?.alert).toMatchObject({
      type: "PANIC",
      category: "issues",
      message: "Panic on #1",
      read_at: null,
    });
    expect(raised.every((r) => r.unread === 1)).toBe(true);
  });

  it("skips users who turned the type off", async () => {
    await t.db.insert(alertSubscriptions).values({ userId: customer, type: "MEETING", enabled: false });
    const raised = await t.db.transaction((tx) =>
      raiseAlerts(tx, { type: "MEETING", userIds: [customer, engineer], message: "Meeting", link: null }),
    );
    expect(raised.map((r) => r.userId)).toEqual([engineer]);
    const rows = await t.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.userId, customer), eq(alerts.type, "MEETING")));
    expect(rows).toEqual([]);
  });

  it("queues an SMS to opted-in engineers with a verified phone, through the mailer", async () => {
    const sent: string[] = [];
    const mailer = {
      enqueueSms: async (_tx: unknown, to: string, text: string) => {
        sent.push(`${to} ${text}`);
      },
    };
    const assigned = await t.db.transaction((tx) =>
      raiseAlerts(
        tx,
        { type: "ISSUE_ASSIGNED", userIds: everyone(), message: "You were assigned #2", link: "/issues/2" },
        { sms: { mailer, publicUrl: "https://portico.example" } },
      ),
    );
    // Engineers only: the customer named gets no alert and no text.
    expect(assigned.map((r) => r.userId).sort()).toEqual([engineer, smsEngineer].sort());
    expect(sent).toEqual(["+15551230000 Portico: You were assigned #2 https://portico.example/issues/2"]);
    // Other types never text anyone.
    await t.db.transaction((tx) =>
      raiseAlerts(
        tx,
        { type: "MENTION", userIds: everyone(), message: "m", link: null },
        { sms: { mailer, publicUrl: "" } },
      ),
    );
    expect(sent).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.channel, "sms"))).toEqual([]);
  });
});
