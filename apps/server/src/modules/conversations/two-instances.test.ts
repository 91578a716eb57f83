/**
 * Two app instances on one PostgreSQL database and one Redis, as behind a load balancer: a
 * message posted on one reaches a WebSocket client of the other, and a client that reconnects to
 * the other instance catches up exactly. Needs PostgreSQL (DATABASE_URL, as CI's API phase sets)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app";
import { seed } from "../../db/seed";
import { type Database, openPostgres } from "../../platform/db/client";
import { createAccount, createUser, signIn, testConfig } from "../../test/helper";
import { ChatTestClient, messagesOf } from "./chat-test-client";
import { call, openIssue, post } from "./test-fixtures";

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

interface Instance {
  app: App;
  url: string;
  redis: Redis;
  database: Database;
}

describe.skipIf(!adminUrl)("two instances on one PostgreSQL and Redis (skipped without DATABASE_URL)", () => {
  const dbName = `portico_test_rt_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const instances: Instance[] = [];
  const clients: ChatTestClient[] = [];
  let one: Instance;
  let two: Instance;
  let accountId: number;
  let owner: string;
  let engineer: string;
  let engineerId: number;

  const start = async (database: Database): Promise<Instance> => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const app = await buildApp({
      config: testConfig({ REDIS_URL: redisUrl }),
      db: database.db,
      redis,
      logger: false,
    });
    await app.ready();
    await app.ctx.realtime.ready;
    const instance = { app, url: await app.listen({ port: 0, host: "127.0.0.1" }), redis, database };
    instances.push(instance);
    return instance;
  };
  const connect = async (instance: Instance, authorization: string) => {
    const client = await ChatTestClient.connect(instance.app, instance.url, authorization);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${dbName}`;
    const first = await openPostgres(url.toString(), 4);
    await first.migrate();
    await seed(first.db, { demo: false });
    one = await start(first);
    two = await start(await openPostgres(url.toString(), 4));
    accountId = (await createAccount(one.database.db)).id;
    owner = (await signIn(one.app, await createUser(one.database.db, { accountId, role: "owner" })))
      .authorization;
    const eng = await createUser(one.database.db, { accountId: 1, role: "engineer", name: "Erin" });
    engineerId = eng.id;
    engineer = (await signIn(two.app, eng)).authorization;
  });

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    for (const { app, redis, database } of instances) {
      await app.close();
      redis.disconnect();
      await database.close();
    }
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it("a message posted on one instance reaches a socket on the other, with the list update", async () => {
    const n = await openIssue(one.app, owner, accountId, "Across instances", "first");
    const client = await connect(two, owner);
    expect((await client.subscribe(`issue:${n}`)).type).toBe("subscribed");
    expect((await client.subscribe(`account:${accountId}`)).type).toBe("subscribed");
    const sent = await post(one.app, engineer, n, "hello from one");
    const got = await client.next((f) => f.type === "message" && f.message.index === 2);
    expect(got.message).toEqual(sent);
    expect(
      await client.next((f) => f.type === "issue" && f.item.issue.last_message_index === 2),
    ).toMatchObject({
      item: { issueStatus: "open", lastMessage: { preview: "hello from one" } },
    });
  });

  it("a client that reconnects to the other instance gets exactly what it missed, then live messages", async () => {
    const n = await openIssue(two.app, owner, accountId, "Reconnect", "m1");
    const first = await connect(one, owner);
    await first.subscribe(`issue:${n}`, { lastIndex: 1 });
    await post(two.app, engineer, n, "m2");
    await first.next((f) => f.type === "message" && f.message.index === 2);
    const { revision } = (await call(one.app, owner, "GET", `/api/chat/issue/${n}`)).body;
    await first.close();

    for (const body of ["m3", "m4", "m5"]) await post(one.app, engineer, n, body);
    await call(two.app, engineer, "PUT", `/api/chat/issue/${n}/message/2`, { force_fmt_msg: true });

    const again = await connect(two, owner);
    await again.subscribe(`issue:${n}`, { lastIndex: 2, lastRevision: revision });
    await again.next((f) => f.type === "caught-up");
    await post(one.app, engineer, n, "m6");
    await again.next((f) => f.type === "message" && f.message.index === 6);
    await again.roundTrip();
    const frames = messagesOf(again.frames, `issue:${n}`);
    expect(frames.map((f) => [f.action, f.message.index])).toEqual([
      ["edited", 2],
      ["created", 3],
      ["created", 4],
      ["created", 5],
      ["created", 6],
    ]);
    expect(frames[0]?.message.attributes).toEqual({ force_format: true });
  });

  it("an engineer connected to one instance is online on the other", async () => {
    await connect(one, engineer);
    const list = await call(two.app, owner, "GET", "/api/chat/engineers");
    expect(list.body.find((e: { user_id: number }) => e.user_id === engineerId)?.online).toBe(true);
  });
});
