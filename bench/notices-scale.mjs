// Notifications at scale (issue 17), on a fresh PostgreSQL database seeded with USERS customers
// (about 50 per organization, two in three with e-mail notifications on) besides the demo data:
//   POST /api/auth/notices/preview for everyone (the count the send dialog shows);
//   POST /api/auth/notices to everyone with e-mail: the request's time, then the delivery job's
//   throughput (batches of 1,000 users by id, each batch one transaction of NOTICE alerts, outbox
//   mail and the notice's cursor) measured by polling GET notices/:id until it is sent;
//   the same to one organization in ten (the members' audience);
//   GET /api/auth/notices (a page with read counts) once the alerts exist.
// Checks on the way: every enabled user got exactly one alert, the counts on the notice match the
// alerts and the outbox rows.
// Usage: node bench/notices-scale.mjs [users=100000] [samples=50]
//        (BENCH_SMOKE=1: 3,000 users, 10 samples)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_KEEP_DB=1 keeps
//        the seeded database; BENCH_PORT (default a free port).
import {
  apiCall as api,
  ensureBuilt,
  fmtMs,
  latencyRow,
  printHeader,
  printTable,
  seededServerRun,
  signInAs,
  sizeArg,
  timed,
  withDatabase,
} from "./lib.mjs";

const USERS = sizeArg(2, 100_000, 3_000);
const SAMPLES = sizeArg(3, 50, 10);
const PER_ACCOUNT = 50;
const TARGET_MS = 100;
const ADMIN = { email: "admin@portico.example", password: "Admin-pass-1!" };

/** The bulk rows (see the top); prints what it seeded. */
async function load(q) {
  const t0 = performance.now();
  const accounts = Math.ceil(USERS / PER_ACCOUNT);
  await q(
    `insert into accounts (company, created_at)
     select 'Notice-org-' || g, now() from generate_series(1, $1::int) g`,
    [accounts],
  );
  const { rows: span } = await q("select min(id) as lo from accounts where company like 'Notice-org-%'");
  const lo = Number(span[0].lo);
  // Users 1..USERS, the k-th a member of organization lo + (k-1)/PER_ACCOUNT; every third has
  // e-mail notifications off.
  await q(
    `with made as (
       insert into users (email, name, password_hash, mfa_enabled, email_verified_at, email_notification,
                          default_account_id)
       select 'reader-' || g || '@bench.example', 'Reader ' || g, 'x', false, now(), g % 3 <> 0,
              $2::int + (g - 1) / $3::int
       from generate_series(1, $1::int) g
       returning id, default_account_id)
     insert into memberships (account_id, user_id, role) select default_account_id, id, 'user' from made`,
    [USERS, lo, PER_ACCOUNT],
  );
  await q("vacuum analyze");
  const { rows } = await q(
    `select (select count(*) from users where not is_disabled) as users,
            (select count(*) from users where not is_disabled and email_notification) as mailed,
            (select count(*) from accounts) as accounts`,
  );
  const c = rows[0];
  const totalMs = performance.now() - t0;
  console.log(
    `  seeded ${USERS} users in ${accounts} organizations (${c.users} enabled users in all, ${c.mailed} with e-mail on) in ${(totalMs / 1000).toFixed(1)} s\n`,
  );
  return { counts: c, lo, accounts };
}

/** Sends a notice and polls it until it is sent: the request's ms, the delivery's ms, the notice. */
async function deliver(base, token, body) {
  const t0 = performance.now();
  const sent = await api(base, "POST", "/api/auth/notices", token, body);
  const requestMs = performance.now() - t0;
  for (;;) {
    const notice = await api(base, "GET", `/api/auth/notices/${sent.id}`, token);
    if (notice.status === "failed") throw new Error(`notice ${sent.id} failed`);
    if (notice.status === "sent") return { requestMs, totalMs: performance.now() - t0, notice };
    if (performance.now() - t0 > 30 * 60_000) throw new Error(`notice ${sent.id} not sent in 30 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the database holds for a notice: alerts, distinct users, outbox rows with its subject. */
async function stored(url, notice) {
  return withDatabase(url, async (q) => {
    const { rows } = await q(
      `select (select count(*) from alerts where notice_id = $1) as alerts,
              (select count(distinct user_id) from alerts where notice_id = $1) as users,
              (select count(*) from mail_outbox where subject = $2) as mails`,
      [notice.id, `Portico: ${notice.title}`],
    );
    return { alerts: Number(rows[0].alerts), users: Number(rows[0].users), mails: Number(rows[0].mails) };
  });
}

/** The preview's latency and count, two deliveries checked against the database, the list's latency. */
async function measure({ base, database, loaded }) {
  const c = loaded.counts;
  const admin = await signInAs(base, ADMIN.email, ADMIN.password);

  const preview = await timed(SAMPLES, () =>
    api(base, "POST", "/api/auth/notices/preview", admin, { audience: "everyone" }),
  );
  const counted = await api(base, "POST", "/api/auth/notices/preview", admin, { audience: "everyone" });
  if (counted.recipients !== Number(c.users) || counted.emailed !== Number(c.mailed))
    throw new Error(`preview ${JSON.stringify(counted)} does not match the database ${JSON.stringify(c)}`);

  const everyone = await deliver(base, admin, {
    title: "Scheduled maintenance on Saturday",
    body: "The portal is read-only from 02:00 to 02:30 UTC.",
    audience: "everyone",
    send_email: true,
  });
  const tenth = [];
  for (let id = loaded.lo; id < loaded.lo + loaded.accounts; id += 10) tenth.push(id);
  const someOrgs = await deliver(base, admin, {
    title: "New licence terms for your plan",
    body: "Your organization's licence terms change next month.",
    audience: "accounts",
    account_ids: tenth.slice(0, 500),
    send_email: true,
  });

  const rows = [];
  for (const [label, run] of [
    ["everyone", everyone],
    [`${Math.min(tenth.length, 500)} organizations`, someOrgs],
  ]) {
    const n = run.notice;
    const db = await stored(database.url, n);
    if (db.alerts !== n.recipient_count || db.users !== n.recipient_count || db.mails !== n.emailed_count)
      throw new Error(
        `${label}: notice counts ${n.recipient_count}/${n.emailed_count} but stored ${JSON.stringify(db)}`,
      );
    rows.push([
      label,
      String(n.recipient_count),
      String(n.emailed_count),
      String(Math.ceil(n.recipient_count / 1000)),
      fmtMs(run.requestMs),
      `${(run.totalMs / 1000).toFixed(1)} s`,
      `${Math.round(n.recipient_count / (run.totalMs / 1000))} users/s`,
    ]);
  }
  if (everyone.notice.recipient_count !== Number(c.users))
    throw new Error(`everyone reached ${everyone.notice.recipient_count} of ${c.users} enabled users`);
  printTable(
    ["notice to", "recipients", "e-mailed", "batches", "POST answered", "delivered in", "throughput"],
    rows,
  );

  const list = await timed(SAMPLES, () => api(base, "GET", "/api/auth/notices?page=1&page_size=25", admin));
  console.log("");
  printTable(
    ["request", "samples", "p50", "p95", "target p95"],
    [
      latencyRow(`POST notices/preview everyone (${c.users} users)`, preview, TARGET_MS),
      latencyRow("GET notices (page of 25, read counts)", list, TARGET_MS),
    ],
  );
}

ensureBuilt();
printHeader("notices-scale.mjs", USERS, SAMPLES);
await seededServerRun({ load, measure });
