// Reports and engineer activity at scale (issue 18), on a fresh PostgreSQL database seeded with
// ACCOUNTS customer organizations (every plan, status and trial, capacities over, near and within
// their contracts or unknown, created over two years) and their subscriptions (live and ended),
// about ACCOUNTS / 2 clusters (versions, healths), ENGINEERS engineers, and a year of ISSUES issues
// over those organizations with about 4 messages each (customer and engineer in turn), SLA
// deadlines by portico_sla_due_at, first responses (some late), resolutions, assignees and time
// logs:
//   GET /api/auth/reports/accounts (the default range and one year), its capacity page (over),
//   GET /api/auth/reports/clusters, GET /api/chat/reports, GET /api/chat/users/activity and
//   /activity/v2 (one year); each CSV export once.
// The rows are generated inside PostgreSQL (INSERT … SELECT over generate_series, times drawn from
// the row number so a run is repeatable), then analysed. Checks on the way: the reports' counts
// match the database's.
// Target: p95 < 500 ms for each route.
// Usage: node bench/reports-scale.mjs [accounts=20000] [issues=100000] [samples=30]
//        (BENCH_SMOKE=1: 500 accounts, 2,000 issues, 5 samples)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); BENCH_KEEP_DB=1 keeps
//        the seeded database for EXPLAIN; BENCH_PORT (default a free port).
import {
  addVendorEngineers,
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
} from "./lib.mjs";

const ACCOUNTS = sizeArg(2, 20_000, 500);
const ISSUES = sizeArg(3, 100_000, 2_000);
const SAMPLES = sizeArg(4, 30, 5);
const ENGINEERS = 20;
const TARGET_MS = 500;
const ADMIN = { email: "admin@portico.example", password: "Admin-pass-1!" };

const day = (d) => d.toISOString().slice(0, 10);
const today = new Date();
/** 365 days ending today (UTC), both included. */
const YEAR = { from: day(new Date(today.getTime() - 364 * 86_400_000)), to: day(today) };
const yearQuery = `from=${YEAR.from}&to=${YEAR.to}`;

/** The weekend window of spec §9 (Saturday 04:00 to Monday 04:00 UTC) for a timestamptz `t`. */
const weekendSql = (
  t,
) => `((extract(isodow from ${t} at time zone 'UTC') = 6 and extract(hour from ${t} at time zone 'UTC') >= 4)
  or extract(isodow from ${t} at time zone 'UTC') = 7
  or (extract(isodow from ${t} at time zone 'UTC') = 1 and extract(hour from ${t} at time zone 'UTC') < 4))`;

/** A repeatable spread of 0 ≤ x < m over row numbers (Knuth's multiplicative hash). */
const spread = (g, m) => `(((${g})::bigint * 2654435761 % ${m})::int)`;

/** The bulk rows (see the top); prints what it seeded and returns the counts the reports must match. */
async function load(q) {
  const t0 = performance.now();
  const plans = ["STANDARD", "ENTERPRISE", "ENTERPRISE-LITE", "ENTERPRISE-PLUS", "TRIAL", "CUSTOM", null];
  const twoYears = 2 * 365 * 86_400;
  // Organizations: a plan each (one in seven none), its SLA from the plan's current terms; one in
  // 17 canceled, one in 23 past due, one in 29 disabled; contracts of 10–999 TiB (one in five
  // unknown) and a reported capacity of 50–129 % of it (one in seven not reported).
  await q(
    `insert into accounts (company, service_type, plan_status, account_type, is_trial, is_disabled,
                           contract_capacity, reported_capacity, sla_hours, sla_coverage,
                           subscription_provider, currency_code, created_at)
     select 'Report-org-' || g, p.plan,
            case when p.plan is null then null when g % 17 = 0 then 'canceled' when g % 23 = 0 then 'past_due' else 'active' end,
            case when p.plan is null then null when p.plan = 'CUSTOM' then 'CUSTOM' else 'SUBSCRIBED' end,
            coalesce(p.plan = 'TRIAL', false), g % 29 = 0,
            c.contract,
            case when g % 7 = 0 then null else (coalesce(c.contract, 100) * (50 + g * 13 % 80) / 100) end,
            bp.sla_hours, bp.sla_coverage,
            case when p.plan is null then null when g % 4 = 0 then 'CHARGEBEE' else 'STRIPE' end,
            case when p.plan is null then null when g % 3 = 0 then 'EUR' else 'USD' end,
            now() - ${spread("g", twoYears)} * interval '1 second'
     from generate_series(1, $1::int) g
     cross join lateral (select ($2::text[])[1 + g % array_length($2::text[], 1)] as plan) p
     cross join lateral (select case when g % 5 = 0 then null else 10 + (g * 37) % 990 end as contract) c
     left join billing_plans bp on bp.code = p.plan and bp.is_current`,
    [ACCOUNTS, plans],
  );
  const { rows: span } = await q(
    "select min(id) as lo, max(id) as hi from accounts where company like 'Report-org-%'",
  );
  const lo = Number(span[0].lo);
  const hi = Number(span[0].hi);
  // Subscriptions of the self-serve plans: a live one (or, canceled, one ended 30 days after it
  // began) started a week after the organization; one in eight also had an earlier one that ended.
  await q(
    `insert into subscriptions (account_id, provider, test_mode, product_id, plan_id, service_type, currency,
                                quantity, min_quantity, status, current_period_start, current_period_end,
                                ended_at, created_at)
     select a.id, a.subscription_provider, true, bp.product_id, bp.id, a.service_type, a.currency_code,
            coalesce(a.contract_capacity, bp.min_quantity), bp.min_quantity, a.plan_status, s.start,
            s.start + interval '365 days',
            case when a.plan_status = 'canceled' then least(s.start + interval '30 days', now()) end, s.start
     from accounts a
     join billing_plans bp on bp.code = a.service_type and bp.is_current
     cross join lateral (select least(a.created_at + interval '7 days', now()) as start) s
     where a.id between $1 and $2 and a.subscription_provider is not null and a.account_type = 'SUBSCRIBED'`,
    [lo, hi],
  );
  await q(
    `insert into subscriptions (account_id, provider, test_mode, product_id, plan_id, service_type, currency,
                                quantity, min_quantity, status, current_period_start, current_period_end,
                                ended_at, created_at)
     select s.account_id, s.provider, true, s.product_id, s.plan_id, s.service_type, s.currency, s.quantity,
            s.min_quantity, 'canceled', s.created_at - interval '2 days', s.created_at - interval '1 day',
            s.created_at - interval '1 day', s.created_at - interval '2 days'
     from subscriptions s where s.account_id between $1 and $2 and s.account_id % 8 = 0`,
    [lo, hi],
  );
  // Clusters: one per two organizations, registered over two years; one in nine never reported,
  // one in 13 marked not reporting, the others reporting within the last two days; checks worst
  // severity healthy, warning or critical; five versions, one of them mixed.
  await q(
    `insert into clusters (id, account_id, deployment_id, name, last_report_at, not_reporting_since,
                           total_space, used_space, completed_checks, failed_checks, worst_rank,
                           software_version, created_at, updated_at)
     select gen_random_uuid()::text, $1::int + ${spread("c", "$3::int")}, 'deployment-' || c, 'cluster-' || c,
            r.at, case when r.at is not null and c % 13 = 0 then r.at + interval '1 day' end,
            case when r.at is null then 0 else (100 + c % 900)::bigint * 1099511627776 end,
            case when r.at is null then 0 else (100 + c % 900)::bigint * (20 + c % 75) * 10995116277 end,
            case when r.at is null then 0 else 40 end,
            case when r.at is null then 0 else c % 5 / 3 * (1 + c % 3) end,
            case when r.at is null then 0 when c % 5 = 3 then 1 when c % 5 = 4 then 2 else 0 end,
            case when r.at is null then null else ($4::text[])[1 + c % array_length($4::text[], 1)] end,
            r.created, r.created
     from generate_series(1, $2::int) c
     cross join lateral (select now() - ${spread("c", twoYears)} * interval '1 second' as created) r0
     cross join lateral (select r0.created,
                                case when c % 9 = 0 then null
                                     else greatest(r0.created, now() - ${spread("c + 7", 48 * 3600)} * interval '1 second')
                                end as at) r`,
    [lo, Math.ceil(ACCOUNTS / 2), hi - lo + 1, ["7.2.0", "7.2.1", "7.3.0", "7.4.1", "mixed"]],
  );
  // Engineers of the vendor's account besides the demo's.
  const staffIds = await addVendorEngineers(q, ENGINEERS, "Report engineer");

  // Issues opened over the last year by organizations with no disabled flag; one in 97 a panic.
  // The first response comes 0–133 % of the SLA hours after opening (so about one in four is
  // late); one in ten is still waiting, one in ten responded to but not answered, the rest
  // answered 2–73 hours after the first response. Nothing happens after now.
  const { rows: before } = await q("select coalesce(max(issue_number), 0) as n from issues");
  const firstNew = Number(before[0].n) + 1;
  const { rows: open } = await q(
    "select array_agg(id order by id) as ids from accounts where id between $1 and $2 and not is_disabled",
    [lo, hi],
  );
  const openIds = open[0].ids.map(Number);
  await q(
    `insert into issues (account_id, title, issue_type, is_weekend_priority, answered, answer_user_type, answer_at,
                         is_archived, last_message_index, revision, created_at, updated_at,
                         sla_hours, sla_coverage, sla_due_at, first_response_at, first_responder_id,
                         resolved_at, resolved_by, sla_breach_alerted_at)
     select a.id, 'Report issue ' || g, case when g % 97 = 0 then 'panic' end, ${weekendSql("o.t")},
            s.resolved is not null, case when s.resolved is not null then 'engineer' end, s.resolved,
            s.resolved is not null and g % 3 = 0, m.n, m.n, o.t, coalesce(s.resolved, s.responded, o.t),
            a.sla_hours, a.sla_coverage, o.due,
            s.responded, case when s.responded is not null then ($3::int[])[1 + g * 13 % $4::int] end,
            s.resolved, case when s.resolved is not null then ($3::int[])[1 + g * 29 % $4::int] end,
            case when s.responded is null and o.due < now() then now() end
     from generate_series(1, $1::int) g
     join accounts a on a.id = ($2::int[])[1 + ${spread("g", "array_length($2::int[], 1)")}]
     cross join lateral (select now() - ${spread("g + 3", 365 * 86_400)} * interval '1 second' as t) o0
     cross join lateral (select o0.t, portico_sla_due_at(o0.t, a.sla_hours, a.sla_coverage) as due) o
     cross join lateral (select o.t + (g * 61 % (coalesce(a.sla_hours, 8) * 80)) * interval '1 minute' as r) d
     cross join lateral (
       select case when g % 10 = 0 or d.r > now() then null else d.r end as responded,
              case when g % 10 <= 1 or d.r + (2 + g * 17 % 72) * interval '1 hour' > now() then null
                   else d.r + (2 + g * 17 % 72) * interval '1 hour' end as resolved) s
     cross join lateral (select case when s.responded is null then 1 else 4 end as n) m`,
    [ISSUES, openIds, staffIds, staffIds.length],
  );
  const issuesAt = performance.now();

  // Messages: the first the customer's, the second the first response, the fourth the resolver's
  // (or the responder's while not answered). The table's secondary indexes are dropped for the
  // load and rebuilt after it (read back from the catalogue, so nothing drifts), as a restore does.
  const { rows: indexes } = await q(
    `select indexname, indexdef from pg_indexes
     where tablename = 'messages' and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await q(`drop index ${indexname}`);
  await q(
    `insert into messages (issue_number, "index", author_id, author_type, body, revision, created_at)
     select i.issue_number, k,
            case k when 2 then i.first_responder_id when 4 then coalesce(i.resolved_by, i.first_responder_id) end,
            case when k % 2 = 1 then 'customer' else 'engineer' end,
            'Message ' || k || ' of issue ' || i.issue_number, k,
            case k when 1 then i.created_at
                   when 2 then i.first_response_at
                   when 3 then i.first_response_at + (coalesce(i.resolved_at, now()) - i.first_response_at) / 2
                   else i.first_response_at + (coalesce(i.resolved_at, now()) - i.first_response_at) * 3 / 4 end
     from issues i cross join generate_series(1, 4) k
     where i.issue_number >= $1 and k <= i.last_message_index`,
    [firstNew],
  );
  for (const { indexdef } of indexes) await q(indexdef);
  const messagesAt = performance.now();
  // One issue in three has an assignee; one responded issue in two had time logged on it.
  await q(
    `insert into issue_assignees (issue_number, user_id, assigned_at)
     select issue_number, ($2::int[])[1 + issue_number * 7 % $3::int], created_at
     from issues where issue_number >= $1 and issue_number % 3 = 0`,
    [firstNew, staffIds, staffIds.length],
  );
  await q(
    `insert into time_logs (account_id, user_id, work_date, minutes, issue_number, created_at)
     select account_id, first_responder_id, (first_response_at at time zone 'UTC')::date,
            5 + issue_number % 120, issue_number, first_response_at
     from issues where issue_number >= $1 and first_response_at is not null and issue_number % 2 = 0`,
    [firstNew],
  );
  await q("vacuum analyze");
  const done = performance.now();
  const { rows: counts } = await q(
    `select (select count(*) from accounts where id <> 1 and purge_started_at is null) as accounts,
            (select count(*) from subscriptions) as subscriptions,
            (select count(*) from clusters) as clusters,
            (select count(*) from issues) as issues,
            (select count(*) from messages) as messages,
            (select count(*) from time_logs) as time_logs,
            (select count(*) from issues where sla_due_at is not null
               and coalesce(first_response_at, now()) > sla_due_at) as breaches`,
  );
  const c = counts[0];
  console.log(
    `  seeded ${c.accounts} customer organizations, ${c.subscriptions} subscriptions, ${c.clusters} clusters, ${c.issues} issues (${c.breaches} missed deadlines), ${c.messages} messages, ${c.time_logs} time logs in ${((done - t0) / 1000).toFixed(1)} s (accounts to issues ${((issuesAt - t0) / 1000).toFixed(1)} s, messages ${((messagesAt - issuesAt) / 1000).toFixed(1)} s)\n`,
  );
  return { counts: c, want: await expected(q) };
}

/** What the database says the one-year reports must count. */
async function expected(q) {
  const { rows } = await q(
    `select (select count(*) from issues where created_at >= $1::date and created_at < $2::date + 1) as opened,
            (select count(*) from messages where author_type = 'engineer'
               and created_at >= $1::date and created_at < $2::date + 1) as engineer_messages`,
    [YEAR.from, YEAR.to],
  );
  return { opened: Number(rows[0].opened), engineerMessages: Number(rows[0].engineer_messages) };
}

/** A CSV download: ms taken, bytes and lines. */
async function download(base, token, path) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  return {
    ms: performance.now() - t,
    bytes: Buffer.byteLength(text),
    lines: text.trimEnd().split("\n").length,
  };
}

/** The reports against the database's counts, then each route's latency and each export once. */
async function measure({ base, loaded: { counts: c, want } }) {
  const admin = await signInAs(base, ADMIN.email, ADMIN.password);
  const get = (path) => api(base, "GET", path, admin);

  const accounts = await get("/api/auth/reports/accounts");
  if (accounts.totals.accounts !== Number(c.accounts))
    throw new Error(
      `accounts report counts ${accounts.totals.accounts} organizations, the database ${c.accounts}`,
    );
  const issues = await get(`/api/chat/reports?${yearQuery}`);
  if (issues.totals.opened !== want.opened)
    throw new Error(
      `issues report counts ${issues.totals.opened} opened in the year, the database ${want.opened}`,
    );
  const activity = await get(`/api/chat/users/activity?${yearQuery}`);
  if (activity.totals.messages_sent !== want.engineerMessages)
    throw new Error(
      `activity counts ${activity.totals.messages_sent} engineer messages in the year, the database ${want.engineerMessages}`,
    );
  if (activity.engineers.length < ENGINEERS)
    throw new Error(
      `activity lists ${activity.engineers.length} engineers, fewer than the ${ENGINEERS} seeded`,
    );
  console.log(
    `  one year (${YEAR.from} to ${YEAR.to}): ${issues.totals.opened} opened, ${issues.totals.first_responses} first responses, ${issues.totals.breaches} breaches, ${issues.totals.within_sla_pct} % within SLA; ${activity.engineers.length} engineers, ${activity.totals.messages_sent} engineer messages, ${activity.breaches_total} breaches listed\n`,
  );

  const routes = [
    ["GET reports/accounts (default 30 days)", "/api/auth/reports/accounts"],
    ["GET reports/accounts (one year)", `/api/auth/reports/accounts?${yearQuery}`],
    ["GET reports/accounts/capacity (over, page 1)", "/api/auth/reports/accounts/capacity?flag=over&page=1"],
    ["GET reports/clusters (one year)", `/api/auth/reports/clusters?${yearQuery}`],
    ["GET chat/reports (one year)", `/api/chat/reports?${yearQuery}`],
    ["GET users/activity (one year)", `/api/chat/users/activity?${yearQuery}`],
    ["GET users/activity/v2 (one year)", `/api/chat/users/activity/v2?${yearQuery}`],
  ];
  const rows = [];
  for (const [label, path] of routes)
    rows.push(latencyRow(label, await timed(SAMPLES, () => get(path)), TARGET_MS));
  printTable(["request", "samples", "p50", "p95", "target p95"], rows);

  const exports = [
    ["accounts CSV", `/api/auth/reports/accounts/export?${yearQuery}`],
    ["clusters CSV", `/api/auth/reports/clusters/export?${yearQuery}`],
    ["issues CSV (one year)", `/api/chat/reports/export?${yearQuery}`],
    ["activity CSV summary (one year)", `/api/chat/users/activity/export?view=summary&${yearQuery}`],
    ["activity CSV daily (one year)", `/api/chat/users/activity/export?view=daily&${yearQuery}`],
    ["activity CSV breaches (one year)", `/api/chat/users/activity/export?view=breaches&${yearQuery}`],
  ];
  const exportRows = [];
  for (const [label, path] of exports) {
    const d = await download(base, admin, path);
    exportRows.push([label, String(d.lines), `${Math.round(d.bytes / 1024)} KiB`, fmtMs(d.ms)]);
  }
  console.log("");
  printTable(["export (once)", "lines", "size", "time"], exportRows);
}

ensureBuilt();
printHeader("reports-scale.mjs", ACCOUNTS, ISSUES, SAMPLES);
await seededServerRun({ load, measure });
