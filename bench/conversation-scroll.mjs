// Scrolling a long conversation in the browser (issue 7: "a virtualised message list that stays
// smooth at 10,000 messages"). On a fresh PostgreSQL database, one issue gets N messages written
// straight into the database (one INSERT … SELECT, a mix of short lines, paragraphs, lists and code
// blocks by a customer and an engineer); Chromium (playwright-core, /usr/bin/chromium) signs in,
// opens /issues/{n} at the newest message and scrolls up with the mouse wheel until message 1 is on
// screen, the list loading older pages (50 messages each) as it nears the top. Reported: frame
// times while scrolling (requestAnimationFrame intervals: p50/p95/p99/max; 16.7 ms is 60 fps),
// long tasks (> 50 ms, PerformanceObserver), the JS heap after scrolling (after a forced garbage
// collection) beside the heap at the start, DOM elements on the page, and the pages fetched.
// Usage: node bench/conversation-scroll.mjs [messages=10000]   (BENCH_SMOKE=1: 300 messages)
//        BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), CHROMIUM_PATH
//        (default /usr/bin/chromium). A database is created for the run and dropped afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  apiCall as api,
  ensureBuilt,
  freePort,
  freshDatabase,
  percentile,
  printTable,
  repoRoot,
  requireFromServer,
  signInAs,
  startServer,
  stopServer,
  waitFor,
} from "./lib.mjs";

const smoke = process.env.BENCH_SMOKE === "1";
const total = Math.max(2, Number(process.argv[2] ?? (smoke ? 300 : 10_000)));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Pixels per wheel event, one event per frame: a brisk flick up the conversation. */
const WHEEL_STEP = 600;
const SCROLL_TIMEOUT_MS = smoke ? 60_000 : 600_000;
const OWNER = { email: "owner@acme.example", password: "Owner-pass-1!" };
const ENGINEER = { email: "admin@portico.example", password: "Admin-pass-1!" };

const { chromium } = createRequire(join(repoRoot, "package.json"))("playwright-core");
const pg = requireFromServer("pg");

const ms = (v) => `${v.toFixed(1)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const signIn = (base, who) => signInAs(base, who.email, who.password);

/**
 * Opens the issue through the API (so it is a real one, with its participant and read state),
 * then writes messages 2…N in one statement, a minute apart, ending now.
 */
async function seedIssue(base, dbUrl) {
  const owner = await signIn(base, OWNER);
  const engineer = await signIn(base, ENGINEER);
  const me = await api(base, "GET", "/api/chat/user", owner);
  const engineerMe = await api(base, "GET", "/api/chat/user", engineer);
  const { conversation } = await api(base, "POST", "/api/chat/issue", owner, {
    title: `Scroll bench: ${total} messages`,
    accountId: me.accountId,
    message: "Message 1: the cluster is slow since the upgrade.",
  });
  const issue = conversation.issue.issue_number;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const t0 = performance.now();
  try {
    await client.query("begin");
    await client.query(
      `insert into messages (issue_number, "index", author_id, author_type, body, revision, created_at)
       select $1, g,
              case when g % 3 = 0 then $3::int else $2::int end,
              case when g % 3 = 0 then 'engineer' else 'customer' end,
              case g % 7
                when 0 then 'Message ' || g || E': here is the log\n\n\`\`\`\n' || repeat(E'2026-01-01T00:00:00Z node-3 io stall 412 ms\n', 1 + g % 9) || '\`\`\`'
                when 1 then 'Message ' || g || E':\n\n- checked the disks\n- restarted **node-' || g % 5 || E'**\n- still slow, see [the dashboard](https://example.com/d/' || g || ')'
                when 2 then 'Message ' || g || ': ' || repeat('The latency rises every few minutes and falls again. ', 1 + g % 12)
                else 'Message ' || g || ': ok, thanks.'
              end,
              g, now() - make_interval(mins => $4::int - g)
       from generate_series(2, $4::int) g`,
      [issue, me.userId, engineerMe.userId, total],
    );
    await client.query(
      "update issues set last_message_index = $2, revision = $2, updated_at = now() where issue_number = $1",
      [issue, total],
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
  return { issue, seedMs: performance.now() - t0 };
}

/** Collects rAF intervals and long tasks in the page from now on. */
function instrument() {
  const w = /** @type {any} */ (window);
  w.__bench = { frames: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  let last = performance.now();
  const tick = (now) => {
    w.__bench.frames.push(now - last);
    last = now;
    if (!w.__bench.stopped) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function heapUsed(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  return (await cdp.send("Runtime.getHeapUsage")).usedSize;
}

async function measure(base, issue) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${base}/`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/");

    let pagesFetched = 0;
    page.on("request", (request) => {
      if (new RegExp(`/api/chat/issue/${issue}\\?(.*&)?before=`).test(request.url())) pagesFetched += 1;
    });
    const openStart = performance.now();
    await page.goto(`${base}/issues/${issue}`);
    const log = page.getByRole("log", { name: "Messages" });
    await log.locator(`article[data-index="${total}"]`).waitFor();
    const openMs = performance.now() - openStart;
    const heapBefore = await heapUsed(cdp);

    const box = await log.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.evaluate(instrument);
    const scrollStart = performance.now();
    let reachedTop = false;
    while (performance.now() - scrollStart < SCROLL_TIMEOUT_MS) {
      await page.mouse.wheel(0, -WHEEL_STEP);
      reachedTop = await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => {
              const el = document.querySelector('[role="log"]');
              resolve(Boolean(el?.querySelector('article[data-index="1"]')) && el.scrollTop === 0);
            }),
          ),
      );
      if (reachedTop) break;
    }
    const scrollMs = performance.now() - scrollStart;
    const { frames, longTasks, domElements } = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__bench.stopped = true;
      return { ...w.__bench, domElements: document.getElementsByTagName("*").length };
    });
    const heapAfter = await heapUsed(cdp);
    return {
      reachedTop,
      openMs,
      scrollMs,
      pagesFetched,
      frames: frames.slice(1).sort((a, b) => a - b),
      longTasks,
      heapBefore,
      heapAfter,
      domElements,
    };
  } finally {
    await browser.close();
  }
}

ensureBuilt();
console.log(`$ node bench/conversation-scroll.mjs ${total}${smoke ? "   (BENCH_SMOKE=1)" : ""}`);
const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), "portico-bench-"));
const port = await freePort();
const base = `http://localhost:${port}`;
const server = startServer({
  dataDir,
  port,
  env: { DATABASE_URL: database.url, SEED_DEMO: "true", LOG_LEVEL: "silent", REDIS_URL: "" },
});
let failed = false;
try {
  await waitFor(`${base}/api/maintenance/status`, server.t0, server, (res) => res.ok);
  const { issue, seedMs } = await seedIssue(base, database.url);
  console.log(
    `  database: fresh ${database.name} on ${database.host}; issue #${issue} with ${total} messages written in ${Math.round(seedMs)} ms`,
  );
  console.log(`  browser: ${chromiumPath}, 1280×900, scrolling up ${WHEEL_STEP} px per wheel event\n`);
  const r = await measure(base, issue);
  failed = !r.reachedTop;
  const longTotal = r.longTasks.reduce((a, b) => a + b, 0);
  printTable(
    ["measure", "value"],
    [
      ["reached message 1", r.reachedTop ? "yes" : `NO (stopped after ${Math.round(r.scrollMs / 1000)} s)`],
      ["open at newest", ms(r.openMs)],
      ["scroll to the top", ms(r.scrollMs)],
      ["older pages fetched", String(r.pagesFetched)],
      ["frames", String(r.frames.length)],
      ["frame time p50", ms(percentile(r.frames, 50))],
      ["frame time p95", ms(percentile(r.frames, 95))],
      ["frame time p99", ms(percentile(r.frames, 99))],
      ["frame time max", ms(r.frames.at(-1) ?? Number.NaN)],
      ["long tasks > 50 ms", `${r.longTasks.length} (${Math.round(longTotal)} ms in all)`],
      ["JS heap at the newest", mib(r.heapBefore)],
      ["JS heap after scrolling", mib(r.heapAfter)],
      ["DOM elements after", String(r.domElements)],
    ],
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
if (failed) process.exit(1);
