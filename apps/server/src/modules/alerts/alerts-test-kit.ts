/**
 * What the alert tests share: a listening app, signed-in people, calls as them, and their own
 * user:{id} sockets, closed after each test.
 */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { WebSocket } from "ws";
import { createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { ChatTestClient } from "../conversations/chat-test-client";
import { call, type Method } from "../conversations/test-fixtures";

export interface Person {
  id: number;
  authorization: string;
}

export function alertSuite() {
  const sockets: ChatTestClient[] = [];
  const suite = {
    t: undefined as unknown as TestContext,
    base: "",
    /** A user (createUser's options), signed in. */
    async person(opts: Parameters<typeof createUser>[1]): Promise<Person> {
      const u = await createUser(suite.t.db, opts);
      return { id: u.id, authorization: (await signIn(suite.t.app, u)).authorization };
    },
    call: (as: Person, method: Method, url: string, payload?: object) =>
      call(suite.t.app, as.authorization, method, url, payload),
    /** A socket of `as`, listening on their own channel. */
    async listen(as: Person) {
      const client = await ChatTestClient.connect(suite.t.app, suite.base, as.authorization);
      sockets.push(client);
      expect((await client.subscribe(`user:${as.id}`)).type).toBe("subscribed");
      return client;
    },
  };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.base = await suite.t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(async () => {
    await Promise.all(
      sockets.splice(0).map((c) => (c.socket.readyState === WebSocket.OPEN ? c.close() : undefined)),
    );
  });
  afterAll(() => suite.t.close());
  return suite;
}
