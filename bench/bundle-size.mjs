// First-load JavaScript of `/`: the entry module script and every modulepreload link named in
// apps/web/dist/index.html, raw and gzip (node:zlib, level 9) and brotli sizes, per file and total.
// Stylesheets linked from index.html are listed separately for information.
// Usage: node bench/bundle-size.mjs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ensureBuilt, printTable, webIndex } from "./lib.mjs";

const distDir = join(webIndex, "..");

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

ensureBuilt();
console.log("$ node bench/bundle-size.mjs");
console.log(
  `  reads ${webIndex.replace(`${process.cwd()}/`, "")}: <script type="module" src> + <link rel="modulepreload">\n`,
);

const html = readFileSync(webIndex, "utf8");
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

const jsRows = measured(js);
const cssRows = measured(css);
const total = jsRows.reduce(
  (t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
  {
    raw: 0,
    gzip: 0,
    brotli: 0,
  },
);

printTable(
  ["file", "kind", "raw", "gzip", "brotli"],
  [
    ...jsRows.map((r) => [r.url, r.kind, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
    [`total first-load JS (${jsRows.length} files)`, "", kb(total.raw), kb(total.gzip), kb(total.brotli)],
    ...cssRows.map((r) => [r.url, r.kind, kb(r.raw), kb(r.gzip), kb(r.brotli)]),
  ],
);
console.log(`\nfirst-load JS gzip total: ${total.gzip} bytes (${kb(total.gzip)})`);
