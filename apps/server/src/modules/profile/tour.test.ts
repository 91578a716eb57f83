/** PUT /api/chat/user/tour: the welcome tour is offered to a customer until taken or dismissed, once across devices. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createUser, signIn } from "../../test/helper";
import { castSuite } from "../conversations/test-fixtures";

const s = castSuite();

const tourPending = async (authorization: string) =>
  (await s.call(authorization, "GET", "/api/chat/user")).body.tourPending as boolean;

const putTour = (authorization: string | undefined, payload: unknown) =>
  s.t.app.inject({
    method: "PUT",
    url: "/api/chat/user/tour",
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });

describe("PUT /api/chat/user/tour", () => {
  it("a new customer's tour is pending until they finish or dismiss it, then on every sign-in after", async () => {
    const user = await createUser(s.t.db, { accountId: s.cast.orgA.id, role: "user" });
    const first = (await signIn(s.t.app, user)).authorization;
    expect(await tourPending(first)).toBe(true);

    const done = await putTour(first, { completed: true });
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe("");
    expect(await tourPending(first)).toBe(false);
    // Another device, another session: still taken.
    const second = (await signIn(s.t.app, user)).authorization;
    expect(await tourPending(second)).toBe(false);

    expect((await putTour(second, { completed: false })).statusCode).toBe(204);
    expect(await tourPending(first)).toBe(true);
  });

  it("changes only the caller's own row", async () => {
    const [before] = await s.t.db
      .select({ at: users.tourCompletedAt })
      .from(users)
      .where(eq(users.id, s.cast.userAId));
    expect((await putTour(s.cast.ownerB, { completed: false })).statusCode).toBe(204);
    expect((await putTour(s.cast.ownerA, { completed: true })).statusCode).toBe(204);
    const [after] = await s.t.db
      .select({ at: users.tourCompletedAt })
      .from(users)
      .where(eq(users.id, s.cast.userAId));
    expect(after?.at).toEqual(before?.at);
  });

  it("an engineer may call it, and is never offered the tour", async () => {
    expect((await putTour(s.cast.engineer, { completed: false })).statusCode).toBe(204);
    expect(await tourPending(s.cast.engineer)).toBe(false);
  });

  it("refuses a body without a boolean `completed`", async () => {
    for (const payload of [{}, { completed: "yes" }, { completed: null }]) {
      const res = await putTour(s.cast.ownerA, payload);
      expect(res.statusCode).toBe(400);
    }
  });

  it("answers 401 without a token, before reading the body", async () => {
    const res = await putTour(undefined, { completed: "not even a boolean" });
    expect(res.statusCode).toBe(401);
  });
});
