// First-load JavaScript of `/`, raw and gzip (node:zlib, level 9) and brotli sizes, per file and
// total: the entry module script and every modulepreload link named in apps/web/dist/index.html,
// then the screen `/` shows (the sign-in screen, a lazy chunk) with every chunk it imports
// statically, since the browser needs all of them before the sign-in form appears.
// Stylesheets are listed separately for information.
// Exits 1 when the total for `/` is above the budget of issue 6: 170 KiB gzip
// (BUNDLE_BUDGET_KIB overrides it).
// Usage: node bench/bundle-size.mjs   (WEB_DIST=<folder> measures another build of apps/web)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ensureBuilt, printTable, webIndex } from "./lib.mjs";

const distDir = process.env.WEB_DIST ?? join(webIndex, "..");
const indexHtml = join(distDir, "index.html");

/** Attribute map of every `<tag ...>` in the HTML. */
function tags(html, tag) {
  const out = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const attrs = {};
    for (const a of (m[1] ?? "").matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[(a[1] ?? "").toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? "";
    }
    out.push(attrs);
  }
  return out;
}

function localFile(url) {
  if (/^(https?:)?\/\//i.test(url)) return null; // not served by us
  return join(distDir, url.replace(/^\//, "").split(/[?#]/)[0]);
}

function sizes(file) {
  const buf = readFileSync(file);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const BUDGET_KIB = Number(process.env.BUNDLE_BUDGET_KIB ?? 170);
/** Chunks of the screen at `/` (the route table lazy-loads it): file names start with these. */
const ROUTE_CHUNKS = ["sign-in-screen"];

/** Local files a built chunk imports statically (`import … from "./x.js"`, `export … from`), not `import()`. */
function staticImports(url) {
  const file = localFile(url);
  if (!file) return [];
  const code = readFileSync(file, "utf8");
  const found = [];
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    found.push(`${url.slice(0, url.lastIndexOf("/") + 1)}${m[1].slice(2)}`);
  }
  return found;
}

/** `urls` and everything they import statically, each once. */
function closure(urls) {
  const out = new Set();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift();
    if (out.has(url)) continue;
    out.add(url);
    queue.push(...staticImports(url));
  }
  return [...out];
}

if (!process.env.WEB_DIST) ensureBuilt();
console.log("$ node bench/bundle-size.mjs");
console.log(
  `  reads ${indexHtml.replace(`${process.cwd()}/`, "")}: <script type="module" src> + <link rel="modulepreload">\n`,
);

const html = readFileSync(indexHtml, "utf8");
const js = [
  ...tags(html, "script")
    .filter((a) => a.type === "module" && a.src)
    .map((a) => ({ url: a.src, kind: "entry" })),
  ...tags(html, "link")
    .filter((a) => (a.rel ?? "").split(/\s+/).includes("modulepreload") && a.href)
    .map((a) => ({ url: a.href, kind: "modulepreload" })),
];
const css = tags(html, "link")
  .filter((a) => (a.rel ?? "").split(/\s+/).includes("stylesheet") && a.href)
  .map((a) => ({ url: a.href, kind: "stylesheet" }));

if (js.length === 0) {
  console.error("no entry module script found in index.html");
  process.exit(1);
}

const seen = new Set();
const measured = (list) =>
  list
    .filter(({ url }) => !seen.has(url) && seen.add(url))
    .map((f) => {
      const file = localFile(f.url);
      return { ...f, ...(file ? sizes(file) : { raw: 0, gzip: 0, brotli: 0 }) };
    });

const sum = (rows) =>
  rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

const jsRows = measured(js);
const entryTotal = sum(jsRows);

const assets = readdirSync(join(distDir, "assets"));
const routeStarts = ROUTE_CHUNKS.map((name) => {
  const file = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));
  if (!file) {
    console.error(`no chunk named ${name}-*.js in dist/assets: update ROUTE_CHUNKS`);
    process.exit(1);
  }
  return `/assets/${file}`;
});
const routeRows = measured(
  closure([...jsRows.map((r) => r.url), ...routeStarts]).map((url) => ({ url, kind: "screen /" })),
);
const routeTotal = sum([...jsRows, ...routeRows]);
const cssRows = measured(css);

const row = (label, t) => [label, "", kb(t.raw), kb(t.gzip), kb(t.brotli)];
printTable(
  ["file", "kind", "raw", "gzip", "brotli"],
  [
    ...jsRows.map((r) => [r.url, r.kind, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
    row(`entry JS of index.html (${jsRows.length} files)`, entryTotal),
    ...routeRows.map((r) => [r.url, r.kind, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
    row(`first-load JS for / (${jsRows.length + routeRows.length} files)`, routeTotal),
    ...cssRows.map((r) => [r.url, r.kind, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
  ],
);
console.log(`\nentry JS of index.html, gzip: ${entryTotal.gzip} bytes (${kb(entryTotal.gzip)})`);
console.log(`first-load JS gzip total for /: ${routeTotal.gzip} bytes (${kb(routeTotal.gzip)})`);
const budget = BUDGET_KIB * 1024;
if (routeTotal.gzip > budget) {
  console.error(`over budget: ${kb(routeTotal.gzip)} > ${BUDGET_KIB} KiB gzip`);
  process.exit(1);
}
console.log(`within budget: ${kb(routeTotal.gzip)} <= ${BUDGET_KIB} KiB gzip`);
