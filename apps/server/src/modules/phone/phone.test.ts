/** Phone verification and SMS alerts through the real app (SMS land in the outbox: no Twilio). */
import { randomInt } from "node:crypto";
import { PHONE_MESSAGES } from "@portico/shared/schemas/phone";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phoneCodes, users } from "../../db/schema";
import { TOO_MANY_ATTEMPTS } from "../../platform/rate-limit";
import { createUser, lastCodeTo, lastMailTo, multipart, randomIp, signIn } from "../../test/helper";
import { castSuite } from "../conversations/test-fixtures";

const s = castSuite();

/** A number no other test uses (the per-number send limit stays out of the way). */
const freshNumber = () => `+1415${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

async function person(role: "user" | "engineer" = "engineer") {
  const user = await createUser(s.t.db, { accountId: role === "engineer" ? 1 : s.cast.orgA.id, role });
  return { id: user.id, email: user.email, authorization: (await signIn(s.t.app, user)).authorization };
}

/** A check from one client address (the credential limits count per address). */
async function check(authorization: string, code: string, remoteAddress = randomIp()) {
  const res = await s.t.app.inject({
    method: "POST",
    url: "/api/chat/phone/check",
    headers: { authorization },
    remoteAddress,
    payload: { code },
  });
  return { status: res.statusCode, body: res.json() };
}

const verify = (authorization: string, phone: string) =>
  s.call(authorization, "POST", "/api/chat/phone/verify", { phone });
const state = async (authorization: string) => (await s.call(authorization, "GET", "/api/chat/phone")).body;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const refused = (error: string) => ({ error, status: 400 });

describe("POST /phone/verify", () => {
  it("stores the number as E.164, texts a 6-digit code valid 10 minutes and shows only the last 3 digits", async () => {
    const me = await person("user");
    const number = freshNumber();
    const typed = `${number.slice(0, 2)} (${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`;
    const before = Date.now();
    const res = await verify(me.authorization, typed);
    expect(res.status).toBe(200);
    expect(res.body.sent_to).toBe(`+${"•".repeat(number.length - 4)}${number.slice(-3)}`);
    const expires = Date.parse(res.body.expires_at as string);
    expect(expires - before).toBeGreaterThanOrEqual(10 * 60 * 1000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(10 * 60 * 1000 + 5000);
    const sms = await lastMailTo(s.t, number);
    expect(sms).toMatchObject({ channel: "sms" });
    expect(sms?.text).toMatch(/^Your Portico verification code is \d{6}$/);
    expect(await state(me.authorization)).toEqual({ phone: number, verified: false, sms_alerts: false });
    // Only the hash is kept.
    const [row] = await s.t.db.select().from(phoneCodes).where(eq(phoneCodes.userId, me.id));
    expect(row?.codeHash).not.toContain(await lastCodeTo(s.t, number));
  });

  it("shows the text in the development mailbox", async () => {
    const me = await person("user");
    const number = freshNumber();
    await verify(me.authorization, number);
    const mail = await s.t.app.inject({ method: "GET", url: "/api/dev/mail" });
    const sms = (mail.json() as { channel: string; to: string; text: string }[]).find((m) => m.to === number);
    expect(sms).toMatchObject({
      channel: "sms",
      text: `Your Portico verification code is ${await lastCodeTo(s.t, number)}`,
    });
  });

  it.each([
    ["no country code", "4155550123"],
    ["letters", "+1 415 CALL ME"],
    ["too short", "+12345"],
    ["a leading zero country", "+0415555012"],
  ])("refuses a number with %s (400, nothing sent)", async (_label, phone) => {
    const me = await person("user");
    const res = await verify(me.authorization, phone);
    expect(res.body).toEqual(refused(PHONE_MESSAGES.phone));
    expect(await state(me.authorization)).toEqual({ phone: null, verified: false, sms_alerts: false });
  });

  it("limits codes per user and per number called (429), success or not", async () => {
    const me = await person("user");
    for (let i = 0; i < 5; i++) expect((await verify(me.authorization, freshNumber())).status).toBe(200);
    const sixth = await verify(me.authorization, freshNumber());
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe(TOO_MANY_ATTEMPTS);

    const target = freshNumber();
    for (let i = 0; i < 5; i++) {
      const someone = await person("user");
      expect((await verify(someone.authorization, target)).status).toBe(200);
    }
    const stranger = await person("user");
    expect((await verify(stranger.authorization, target)).status).toBe(429);
  });
});

describe("POST /phone/check", () => {
  it("verifies the number with the right code, once", async () => {
    const me = await person();
    const number = freshNumber();
    await verify(me.authorization, number);
    const code = await lastCodeTo(s.t, number);
    expect(await check(me.authorization, wrongCode(code))).toEqual({
      status: 400,
      body: refused(PHONE_MESSAGES.codeInvalid),
    });
    expect(await check(me.authorization, code)).toEqual({
      status: 200,
      body: { phone: number, verified: true, sms_alerts: false },
    });
    expect((await check(me.authorization, code)).body).toEqual(refused(PHONE_MESSAGES.noPendingCode));
  });

  it("answers 'request a code first' without one, and refuses a code that is not 6 digits", async () => {
    const me = await person("user");
    expect((await check(me.authorization, "123456")).body).toEqual(refused(PHONE_MESSAGES.noPendingCode));
    await verify(me.authorization, freshNumber());
    expect((await check(me.authorization, "12345")).body).toEqual(refused(PHONE_MESSAGES.code));
    expect((await check(me.authorization, "12345a")).body).toEqual(refused(PHONE_MESSAGES.code));
  });

  it("refuses an expired code", async () => {
    const me = await person("user");
    const number = freshNumber();
    await verify(me.authorization, number);
    await s.t.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.userId, me.id));
    expect((await check(me.authorization, await lastCodeTo(s.t, number))).body).toEqual(
      refused(PHONE_MESSAGES.codeExpired),
    );
    expect((await state(me.authorization)).verified).toBe(false);
  });

  it("voids a code after 5 guesses: even the right one is refused, a new code works", async () => {
    const me = await person("user");
    const number = freshNumber();
    await verify(me.authorization, number);
    const code = await lastCodeTo(s.t, number);
    for (let i = 0; i < 5; i++)
      expect((await check(me.authorization, wrongCode(code))).body).toEqual(
        refused(PHONE_MESSAGES.codeInvalid),
      );
    expect((await check(me.authorization, code)).body).toEqual(refused(PHONE_MESSAGES.tooManyAttempts));
    expect((await state(me.authorization)).verified).toBe(false);

    await verify(me.authorization, number);
    expect((await check(me.authorization, await lastCodeTo(s.t, number))).body).toMatchObject({
      verified: true,
    });
  });

  it("counts wrong codes under the credential-failure limit: guessing from one address stops at 10", async () => {
    const me = await person("user");
    const number = freshNumber();
    const address = randomIp();
    const answers: number[] = [];
    // Two codes, 5 guesses each, then a third code: the 11th try is refused before it is judged.
    for (let round = 0; round < 3; round++) {
      const sent = await verify(me.authorization, number);
      if (sent.status !== 200) break;
      const code = await lastCodeTo(s.t, number);
      for (let i = 0; i < 5 && answers.length < 11; i++)
        answers.push((await check(me.authorization, wrongCode(code), address)).status);
      if (answers.length >= 11) {
        const right = await check(me.authorization, code, address);
        expect(right).toEqual({ status: 429, body: { error: TOO_MANY_ATTEMPTS, status: 429 } });
      }
    }
    expect(answers).toEqual([...Array(10).fill(400), 429]);
    expect((await state(me.authorization)).verified).toBe(false);
  });

  it("verifies nothing when the profile changed the number after the code was sent", async () => {
    const me = await person("user");
    const first = freshNumber();
    await verify(me.authorization, first);
    const code = await lastCodeTo(s.t, first);
    await s.t.db.update(users).set({ phone: freshNumber() }).where(eq(users.id, me.id));
    expect((await check(me.authorization, code)).body).toEqual(refused(PHONE_MESSAGES.noPendingCode));
    expect((await state(me.authorization)).verified).toBe(false);
  });
});

describe("a verified number", () => {
  async function verified(role: "user" | "engineer" = "engineer") {
    const me = await person(role);
    const number = freshNumber();
    await verify(me.authorization, number);
    await check(me.authorization, await lastCodeTo(s.t, number));
    return { ...me, number };
  }

  it("stays verified when the same number is requested again, and not when another is", async () => {
    const me = await verified();
    await verify(me.authorization, me.number);
    expect(await state(me.authorization)).toMatchObject({ phone: me.number, verified: true });
    const other = freshNumber();
    await verify(me.authorization, other);
    expect(await state(me.authorization)).toMatchObject({ phone: other, verified: false });
  });

  it("stays verified when the profile saves it formatted, and not when the profile changes it", async () => {
    const me = await verified();
    const formatted = `${me.number.slice(0, 2)} ${me.number.slice(2, 5)}-${me.number.slice(5)}`;
    const profile = async (phone: string) => {
      const body = await multipart({ profile_name: "Phone Person", phone });
      return s.t.app.inject({
        method: "POST",
        url: "/api/chat/profile",
        headers: { ...body.headers, authorization: me.authorization },
        payload: body.payload,
      });
    };
    expect((await profile(formatted)).statusCode).toBe(200);
    expect(await state(me.authorization)).toMatchObject({ phone: me.number, verified: true });
    expect((await profile("+49 30 1234567")).statusCode).toBe(200);
    expect(await state(me.authorization)).toMatchObject({ phone: "+49 30 1234567", verified: false });
  });
});

describe("PUT /phone/sms-alerts", () => {
  const smsAlerts = (authorization: string, enabled: boolean) =>
    s.call(authorization, "PUT", "/api/chat/phone/sms-alerts", { enabled });

  it("lets an engineer with a verified phone opt in and out", async () => {
    const me = await person();
    const number = freshNumber();
    expect((await smsAlerts(me.authorization, true)).body).toEqual(
      refused(PHONE_MESSAGES.smsNeedsVerifiedPhone),
    );
    await verify(me.authorization, number);
    await check(me.authorization, await lastCodeTo(s.t, number));
    expect((await smsAlerts(me.authorization, true)).body).toEqual({
      phone: number,
      verified: true,
      sms_alerts: true,
    });
    expect(await state(me.authorization)).toEqual({ phone: number, verified: true, sms_alerts: true });
    expect((await smsAlerts(me.authorization, false)).body).toMatchObject({ sms_alerts: false });
  });

  it("refuses a customer, verified or not, and changes nothing", async () => {
    const me = await person("user");
    const number = freshNumber();
    await verify(me.authorization, number);
    await check(me.authorization, await lastCodeTo(s.t, number));
    for (const enabled of [true, false])
      expect((await smsAlerts(me.authorization, enabled)).body).toEqual(
        refused(PHONE_MESSAGES.smsEngineersOnly),
      );
    expect(await state(me.authorization)).toEqual({ phone: number, verified: true, sms_alerts: false });
  });
});

describe("GET /phone", () => {
  it("answers the viewer's own state only", async () => {
    const a = await person("user");
    const b = await person("user");
    const number = freshNumber();
    await verify(a.authorization, number);
    expect(await state(a.authorization)).toMatchObject({ phone: number });
    expect(await state(b.authorization)).toEqual({ phone: null, verified: false, sms_alerts: false });
  });
});
