/**
 * Verifies a Portico licence offline, as a cluster does (README "Verifying a licence offline"):
 *
 *   npm run verify-licence -- licence.jwt --keys keys.json
 *   npm run verify-licence -- licence.jwt --url https://portico.example.com
 *
 * --keys reads a saved copy of the key set (air-gapped sites copy it in); --url fetches it from
 * the server's well-known URL. Exit 0 and the claims when valid, 1 and the reason when not, 2 on
 * a usage error. After `npm run build` the same runs as `node apps/server/dist/verify-licence.js …`.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { LICENCE_KEYS_PATH } from "@portico/shared/schemas/licences";
import type { JSONWebKeySet } from "jose";
import { verifyLicence } from "../modules/licences/verify";

const USAGE = `Usage: verify-licence LICENCE_FILE (--keys KEYS_FILE | --url PORTICO_URL) [--at ISO]

Checks the licence's signature against Portico's published licence keys and its expiry.

  --keys FILE  the key set saved from ${LICENCE_KEYS_PATH}
  --url URL    Portico's address; the key set is fetched from URL${LICENCE_KEYS_PATH}
  --at ISO     judge the expiry at this time (default: now)
  --help       show this text`;

class UsageError extends Error {}

export interface CliResult {
  code: 0 | 1 | 2;
  text: string;
}

async function loadKeys(
  values: { keys?: string | undefined; url?: string | undefined },
  fetcher: typeof fetch,
) {
  if (values.keys) return JSON.parse(readFileSync(values.keys, "utf8")) as JSONWebKeySet;
  const base = values.url?.replace(/\/+$/, "") ?? "";
  const url = base.endsWith(".json") ? base : `${base}${LICENCE_KEYS_PATH}`;
  const res = await fetcher(url);
  if (!res.ok) throw new Error(`Could not fetch the licence keys from ${url}: HTTP ${res.status}`);
  return (await res.json()) as JSONWebKeySet;
}

export async function verifyLicenceCli(
  argv: readonly string[],
  fetcher: typeof fetch = fetch,
): Promise<CliResult> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return { code: 2, text: `${(err as Error).message}\n\n${USAGE}` };
  }
  const { values, file } = parsed;
  if (values.help) return { code: 0, text: USAGE };
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) return { code: 2, text: `--at must be an ISO 8601 time\n\n${USAGE}` };
  try {
    const token = readFileSync(file, "utf8");
    const result = await verifyLicence(token, await loadKeys(values, fetcher), at);
    if (!result.ok) return { code: 1, text: `Invalid: ${result.error}` };
    return { code: 0, text: `Valid licence\n${JSON.stringify(result.claims, null, 2)}` };
  } catch (err) {
    return { code: 1, text: (err as Error).message };
  }
}

function parse(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      keys: { type: "string" },
      url: { type: "string" },
      at: { type: "string" },
      help: { type: "boolean", default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return { values, file: "" };
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError("Name exactly one licence file");
  if (!values.keys === !values.url) throw new UsageError("Give either --keys or --url");
  return { values, file };
}

// Run only as a program, so tests can import verifyLicenceCli.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  verifyLicenceCli(process.argv.slice(2)).then(({ code, text }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${text}\n`);
    process.exitCode = code;
  });
}
