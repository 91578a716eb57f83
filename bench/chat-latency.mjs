// Message post-to-receive latency over /api/chat/ws, on a fresh PostgreSQL database:
//   one instance  — N WebSocket clients on the instance that takes the POST (in-process fan-out);
//   two instances — N clients on instance B, the POST on instance A, fan-out through Redis.
// Every client is subscribed to one issue; M messages are posted one after another (each once the
// previous one has reached every client). A sample is the time from just before the POST is sent
// to a client receiving the message frame, measured in this process; p50/p99 over N × M samples.
// Targets (issue 7): p99 < 100 ms on one instance, < 150 ms across two, with 500 clients.
// Usage: node bench/chat-latency.mjs [clients=500] [messages=40]   (BENCH_SMOKE=1: 20 clients, 5 messages)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL
//        (default redis://127.0.0.1:6379). A database is created for the run and dropped afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  apiCall,
  ensureBuilt,
  freePort,
  freshDatabase,
  percentile,
  printTable,
  requireFromServer,
  signInAs,
  sizeArg,
  smoke,
  startServer,
  stopServer,
  waitFor,
} from "./lib.mjs";

const clients = sizeArg(2, 500, 20);
const messages = sizeArg(3, 40, 5);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const TARGETS = { one: 100, two: 150 };

const { WebSocket } = requireFromServer("ws");
const { Redis } = requireFromServer("ioredis");

async function redisReachable() {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const api = apiCall;
const signIn = signInAs;

/** N sockets on `base`, authenticated and subscribed to the issue; each calls onMessage(index, at). */
async function openClients(base, chatToken, issue, onMessage) {
  const url = `${base.replace(/^http/, "ws")}/api/chat/ws`;
  const opened = [];
  for (let i = 0; i < clients; i++) {
    opened.push(
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.on("error", reject);
        socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token: chatToken })));
        socket.on("message", (data) => {
          const at = performance.now();
          const frame = JSON.parse(data.toString());
          if (frame.type === "ready")
            socket.send(JSON.stringify({ type: "subscribe", channel: `issue:${issue}` }));
          else if (frame.type === "subscribed") resolve(socket);
          else if (frame.type === "message") onMessage(frame.message.index, at);
          else if (frame.type === "error") reject(new Error(frame.error));
        });
        socket.on("close", (code) => code !== 1000 && code !== 1005 && reject(new Error(`closed ${code}`)));
      }),
    );
    // Open in small batches so the upgrade requests do not queue behind each other.
    if (i % 50 === 49) await Promise.all(opened.slice(i - 49));
  }
  return Promise.all(opened);
}

/** Posts `messages` messages on `postBase`; clients listen on `listenBase`. Returns the samples. */
async function measure(postBase, listenBase, tokens) {
  const { conversation } = await api(postBase, "POST", "/api/chat/issue", tokens.owner, {
    title: "Latency bench",
    accountId: 2,
    message: "start",
  });
  const issue = conversation.issue.issue_number;
  const { token: chatToken } = await api(listenBase, "GET", "/api/chat/token", tokens.owner);
  const sentAt = new Map();
  const pending = new Map();
  const samples = [];
  const postTimes = [];
  const sockets = await openClients(listenBase, chatToken, issue, (index, at) => {
    const t0 = sentAt.get(index);
    if (t0 === undefined) return;
    samples.push(at - t0);
    const waiting = pending.get(index);
    if (waiting && --waiting.left === 0) waiting.done();
  });
  try {
    for (let m = 0; m < messages; m++) {
      const index = m + 2;
      const all = new Promise((done, fail) => {
        pending.set(index, { left: clients, done });
        setTimeout(
          () => fail(new Error(`message ${index} did not reach every client in 10 s`)),
          10_000,
        ).unref();
      });
      const t0 = performance.now();
      sentAt.set(index, t0);
      await api(postBase, "POST", `/api/chat/issue/${issue}`, tokens.engineer, { body: `message ${index}` });
      postTimes.push(performance.now() - t0);
      await all;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    for (const socket of sockets) socket.terminate();
  }
  return { samples: samples.sort((a, b) => a - b), postTimes: postTimes.sort((a, b) => a - b) };
}

const row = (label, { samples, postTimes }, target) => {
  const p99 = percentile(samples, 99);
  return [
    label,
    String(clients),
    String(messages),
    String(samples.length),
    `${percentile(postTimes, 50).toFixed(1)} ms`,
    `${percentile(samples, 50).toFixed(1)} ms`,
    `${p99.toFixed(1)} ms`,
    `${samples[samples.length - 1].toFixed(1)} ms`,
    `< ${target} ms ${p99 < target ? "met" : "MISSED"}`,
  ];
};

async function startInstance(dbUrl, extraEnv) {
  const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
  const port = await freePort();
  const server = startServer({
    dataDir,
    port,
    env: { DATABASE_URL: dbUrl, SEED_DEMO: "true", LOG_LEVEL: "silent", REDIS_URL: "", ...extraEnv },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/maintenance/status`, server.t0, server, (res) => res.ok);
  return {
    base,
    async stop() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

ensureBuilt();
console.log(`$ node bench/chat-latency.mjs ${clients} ${messages}${smoke ? "   (BENCH_SMOKE=1)" : ""}`);
const database = await freshDatabase();
const withRedis = await redisReachable();
console.log(
  `  database: fresh ${database.name} on ${database.host}; Redis ${withRedis ? `at ${redisUrl}` : `unreachable at ${redisUrl}`}; ${clients} clients on one issue, ${messages} messages\n`,
);

const rows = [];
const running = [];
let failed = false;
try {
  const one = await startInstance(database.url, {});
  running.push(one);
  const tokens = {
    owner: await signIn(one.base, "owner@acme.example", "Owner-pass-1!"),
    engineer: await signIn(one.base, "admin@portico.example", "Admin-pass-1!"),
  };
  rows.push(row("one instance", await measure(one.base, one.base, tokens), TARGETS.one));
  await running.pop().stop();

  if (withRedis) {
    const a = await startInstance(database.url, { REDIS_URL: redisUrl });
    running.push(a);
    const b = await startInstance(database.url, { REDIS_URL: redisUrl });
    running.push(b);
    rows.push(row("two instances (Redis)", await measure(a.base, b.base, tokens), TARGETS.two));
  } else {
    console.log(`  two instances: skipped, Redis is needed at ${redisUrl} (set BENCH_REDIS_URL)`);
    failed = Boolean(process.env.CI);
  }
  printTable(
    [
      "fan-out",
      "clients",
      "messages",
      "samples",
      "POST p50",
      "receive p50",
      "receive p99",
      "max",
      "target p99",
    ],
    rows,
  );
} finally {
  for (const instance of running) await instance.stop();
  await database.drop();
}
if (failed) process.exit(1);
