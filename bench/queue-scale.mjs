// The support queue at scale (issue 8), on a fresh PostgreSQL database seeded with
// ISSUES issues and ISSUES × PER_ISSUE messages across ACCOUNTS accounts:
//   engineer queue page 1 and page 200, a customer's list, opening an issue (its last 50
//   messages), search for a common and a rare word (engineer, every account; customer, own
//   account), and panic-to-engineer-screen latency (POST /api/chat/panic until the queue frame
//   reaches an engineer's WebSocket).
// The rows are generated inside PostgreSQL (INSERT … SELECT over generate_series: no bytes cross
// the wire, faster than COPY from a client); the message table's indexes are dropped during the
// load and rebuilt after it, then the tables are analysed, as a restore would.
// Targets: list and open p95 < 50 ms, search p95 < 100 ms, panic to screen p99 < 1 s.
// Usage: node bench/queue-scale.mjs [issues=100000] [perIssue=20] [accounts=2000] [samples=100]
//        (BENCH_SMOKE=1: 2000 issues × 10 messages, 100 accounts, 10 samples)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_KEEP_DB=1 keeps
//        the seeded database for EXPLAIN; BENCH_PORT (default a free port).
import {
  apiCall as api,
  ensureBuilt,
  latencyRow,
  percentile,
  printHeader,
  printTable,
  requireFromServer,
  seededServerRun,
  signInAs as signIn,
  sizeArg,
  timed,
} from "./lib.mjs";

const ISSUES = sizeArg(2, 100_000, 2_000);
const PER_ISSUE = sizeArg(3, 20, 10);
const ACCOUNTS = sizeArg(4, 2_000, 100);
const SAMPLES = sizeArg(5, 100, 10);
const PANICS = Math.min(SAMPLES, 50);
const POOL = 20_000;
const TARGETS = { list: 50, open: 50, search: 100, panic: 1000 };

const { WebSocket } = requireFromServer("ws");

/**
 * The words of the generated messages, most frequent first: word k appears with a probability
 * that falls with k (a Zipf-like spread), so "cluster" is in about half the messages and the last
 * ones in a handful. "zanzibar" is planted in one message of every 100,000 (the rare word).
 */
const WORDS = `cluster node disk replication volume snapshot latency upgrade metadata network
  error timeout journal rebuild capacity quota bucket gateway certificate firmware controller
  degraded rebalance scrub checksum inode tier cache backup restore policy kernel raid shard
  failover quorum heartbeat lease compaction tombstone throttle saturation erasure parity nvme
  multipath fabric iscsi mtu bonding vlan ntp clock drift skew`.split(/\s+/);

/** The bulk rows (see the top); prints what it seeded and returns the accounts that raise panics. */
async function load(q) {
  const t0 = performance.now();
  // The demo data's issues already have their messages: only the generated issues get some.
  const { rows: before } = await q("select coalesce(max(issue_number), 0) as n from issues");
  const plans = ["STANDARD", "ENTERPRISE", "ENTERPRISE-LITE", "ENTERPRISE-PLUS", "TRIAL", null];
  // Accounts 2 (the demo "acme", kept on ENTERPRISE) .. ACCOUNTS + 1.
  await q(
    `insert into accounts (company, service_type, is_trial)
     select 'bench-' || g, ($1::text[])[1 + g % 6], g % 13 = 0
     from generate_series(1, $2::int - 1) g`,
    [plans, ACCOUNTS],
  );
  const { rows: ids } = await q("select min(id) as lo, max(id) as hi from accounts where id > 1");
  const lo = Number(ids[0].lo);
  const span = Number(ids[0].hi) - lo + 1;
  const years = 3 * 365 * 24 * 3600;
  // Issues spread over three years; 4 % live (open or waiting), the rest answered or archived.
  await q(
    `insert into issues (account_id, title, is_weekend_priority, answered, answer_user_type, answer_at,
                         is_archived, last_message_index, revision, created_at, updated_at)
     select $1::int + (g % $2::int), 'Issue ' || g || ': ' || ($3::text[])[1 + (g * 7) % array_length($3::text[], 1)]
              || ' ' || ($3::text[])[1 + (g * 13) % array_length($3::text[], 1)],
            g % 7 = 0, g % 25 >= 1, case when g % 25 = 0 and g % 2 = 0 then 'customer' else 'engineer' end,
            t, g % 25 >= 10, $4::int, $4::int, t - interval '2 days', t
     from generate_series(1, $5::int) g,
          lateral (select now() - (random() * $6::int) * interval '1 second' as t) times`,
    [lo, span, WORDS, PER_ISSUE, ISSUES, years],
  );
  const issuesAt = performance.now();

  // Messages: dropping the table's secondary indexes for the load and rebuilding them after is
  // what a restore does; their definitions are read back from the catalogue, so nothing drifts.
  const { rows: indexes } = await q(
    `select indexname, indexdef from pg_indexes
     where tablename = 'messages' and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await q(`drop index ${indexname}`);
  // A pool of bodies (words drawn with the skewed spread), then each message takes one of them:
  // generating two million bodies word by word would dominate the load.
  await q("create temporary table body_pool (id int primary key, body text not null)");
  await q(
    `insert into body_pool
     select p, (select string_agg(($1::text[])[1 + floor(power(random(), 2.2) * $2::int)::int], ' ')
                from generate_series(1, 6 + p % 14 + 0 * p))
     from generate_series(0, $3::int - 1) p`,
    [WORDS, WORDS.length, POOL],
  );
  await q(
    `insert into messages (issue_number, "index", author_type, body, revision, created_at)
     select i.issue_number, k, case when k % 2 = 1 then 'customer' else 'engineer' end,
            b.body || case when (i.issue_number * 31 + k) % 100000 = 7 then ' zanzibar' else '' end,
            k, i.created_at + k * interval '37 minutes'
     from issues i cross join generate_series(1, $1::int) k
     join body_pool b on b.id = (i.issue_number * 7919 + k * 104729) % $2::int
     where i.issue_number > $3::int`,
    [PER_ISSUE, POOL, Number(before[0].n)],
  );
  const messagesAt = performance.now();
  for (const { indexdef } of indexes) await q(indexdef);
  // The steady state of a live database (autovacuum has run): visibility map set, statistics fresh.
  await q("vacuum analyze");
  const done = performance.now();
  const { rows: counts } = await q(
    "select (select count(*) from issues) as issues, (select count(*) from messages) as messages, (select count(*) from accounts) as accounts",
  );
  // Organizations that can raise a panic: enabled ones (the demo data has a disabled one), not acme.
  const { rows: panicAccounts } = await q(
    "select id from accounts where id > 2 and not is_disabled order by id limit $1",
    [PANICS],
  );
  const c = counts[0];
  console.log(
    `  seeded ${c.issues} issues, ${c.messages} messages, ${c.accounts} accounts in ${((done - t0) / 1000).toFixed(1)} s (issues ${((issuesAt - t0) / 1000).toFixed(1)} s, messages ${((messagesAt - issuesAt) / 1000).toFixed(1)} s, indexes + analyse ${((done - messagesAt) / 1000).toFixed(1)} s)\n`,
  );
  return panicAccounts.map((r) => Number(r.id));
}

/** An engineer's socket on the queue channel; resolves each awaited issue when its frame lands. */
async function queueWatcher(base, token) {
  const { token: chat } = await api(base, "GET", "/api/chat/token", token);
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/api/chat/ws`);
  const waiting = new Map();
  await new Promise((resolve, reject) => {
    socket.on("error", reject);
    socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token: chat })));
    socket.on("message", (data) => {
      const at = performance.now();
      const frame = JSON.parse(data.toString());
      if (frame.type === "ready") socket.send(JSON.stringify({ type: "subscribe", channel: "queue" }));
      else if (frame.type === "subscribed") resolve();
      else if (frame.type === "issue" && frame.item.issueType === "panic") {
        waiting.get(frame.item.issue.title)?.(at);
      }
    });
  });
  return {
    arrival: (title) => new Promise((resolve) => waiting.set(title, resolve)),
    close: () => socket.terminate(),
  };
}

/** The lists', opening's and searches' latency, then panic to an engineer's screen. */
async function measure({ base, loaded: panicAccounts }) {
  const engineer = await signIn(base, "admin@portico.example", "Admin-pass-1!");
  const owner = await signIn(base, "owner@acme.example", "Owner-pass-1!");
  const mine = (await api(base, "GET", "/api/chat/issue?page_size=100", owner)).items.map(
    (i) => i.issue.issue_number,
  );
  const lastPage = Math.max(1, Math.min(200, Math.floor(ISSUES / 25)));
  const get = (token, path) => () => api(base, "GET", path, token);
  const search = (token, query) => () => api(base, "POST", "/api/chat/search", token, { query });
  // Warm the connection pool and the prepared statements, as a running server would be.
  for (let i = 0; i < 5; i++) await get(engineer, "/api/chat/issue")();

  const cases = [
    ["engineer queue, page 1", TARGETS.list, get(engineer, "/api/chat/issue")],
    [`engineer queue, page ${lastPage}`, TARGETS.list, get(engineer, `/api/chat/issue?page=${lastPage}`)],
    ["customer's list", TARGETS.list, get(owner, "/api/chat/issue")],
    [
      "open an issue (last 50 messages)",
      TARGETS.open,
      (i) => api(base, "GET", `/api/chat/issue/${mine[i % mine.length]}`, owner),
    ],
    ['search "cluster" (common), engineer', TARGETS.search, search(engineer, "cluster")],
    ['search "zanzibar" (rare), engineer', TARGETS.search, search(engineer, "zanzibar")],
    ['search "cluster" (common), customer', TARGETS.search, search(owner, "cluster")],
    ['search "zanzibar" (rare), customer', TARGETS.search, search(owner, "zanzibar")],
  ];
  const rows = [];
  for (const [label, target, fn] of cases) rows.push(latencyRow(label, await timed(SAMPLES, fn), target));

  // Panic to screen: the engineer raises them for different accounts (one panic per account per
  // minute is the rule), the watcher is another engineer session's socket on the queue.
  const watcher = await queueWatcher(base, await signIn(base, "admin@portico.example", "Admin-pass-1!"));
  const panics = [];
  for (let i = 0; i < PANICS; i++) {
    const accountId = panicAccounts[i];
    const title = `Bench panic ${i}`;
    const arrived = watcher.arrival(title);
    const t = performance.now();
    await api(base, "POST", `/api/chat/panic?aid=${accountId}`, engineer, {
      panic_title: title,
      panic_message: "down",
    });
    panics.push((await arrived) - t);
  }
  watcher.close();
  panics.sort((a, b) => a - b);
  const p99 = percentile(panics, 99);
  rows.push([
    "panic to engineer screen",
    String(panics.length),
    `${percentile(panics, 50).toFixed(1)} ms`,
    `p99 ${p99.toFixed(1)} ms`,
    `p99 < ${TARGETS.panic} ms ${p99 < TARGETS.panic ? "met" : "MISSED"}`,
  ]);
  printTable(["request", "samples", "p50", "p95", "target p95"], rows);
}

ensureBuilt();
printHeader("queue-scale.mjs", ISSUES, PER_ISSUE, ACCOUNTS, SAMPLES);
await seededServerRun({ load, measure });
