/**
 * Writes a realistic health report (docs/HEALTH-REPORT.md), for trying call-home by hand, the e2e
 * test and demos:
 *
 *   npm run health-report -- --deployment-id ID [--broken] [--faults a,b] [--nodes N] [--drives N]
 *     [--used 0.7] [--seed N] [--at ISO] [--out FILE]
 *   npm run health-report -- --schema [--out FILE]
 *
 * After `npm run build` the same runs as `node apps/server/dist/health-report.js …`.
 */
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  BROKEN_FAULTS,
  generateHealthReport,
  HEALTH_FAULTS,
  type HealthFault,
} from "@portico/shared/rules/health-report-generator";
import { healthReportJsonSchema } from "@portico/shared/schemas/health-report";

const USAGE = `Usage: health-report --deployment-id ID [options]

Prints a health report (JSON, schema version 1) for the cluster with that deployment id.

  --deployment-id ID  the cluster's deployment id, as registered (required)
  --broken            shorthand for --faults ${BROKEN_FAULTS.join(",")}
  --faults LIST       comma-separated faults: ${HEALTH_FAULTS.join(", ")}
  --nodes N           nodes (default 4)
  --drives N          drives per node (default 8)
  --used FRACTION     share of each drive used, 0 to 1 (default 0.45)
  --seed N            the random seed (default: derived from the deployment id)
  --at ISO            the report time (default: now)
  --out FILE          write to FILE instead of standard output
  --schema            print the report's JSON Schema instead (docs/health-report.schema.json)
  --help              show this text`;

class UsageError extends Error {}

function number(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
  integer = true,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(
      `--${name} must be ${integer ? "a whole number" : "a number"} from ${min} to ${max}`,
    );
  }
  return n;
}

function faults(list: string | undefined, broken: boolean): HealthFault[] {
  const named = (list ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of named) {
    if (!(HEALTH_FAULTS as readonly string[]).includes(f)) {
      throw new UsageError(`Unknown fault "${f}" (known: ${HEALTH_FAULTS.join(", ")})`);
    }
  }
  return [...new Set([...(broken ? BROKEN_FAULTS : []), ...(named as HealthFault[])])];
}

/** The report text and where it goes (null: standard output), or the usage text. */
export function healthReportCli(argv: readonly string[]): { text: string; out: string | null } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      "deployment-id": { type: "string" },
      broken: { type: "boolean", default: false },
      faults: { type: "string" },
      nodes: { type: "string" },
      drives: { type: "string" },
      used: { type: "string" },
      seed: { type: "string" },
      at: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
      schema: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) return { text: USAGE, out: null };
  if (values.schema)
    return { text: JSON.stringify(healthReportJsonSchema(), null, 2), out: values.out ?? null };
  const deploymentId = values["deployment-id"];
  if (!deploymentId || !/^[A-Za-z0-9_-]{1,64}$/.test(deploymentId)) {
    throw new UsageError("--deployment-id is required: 1 to 64 letters, digits, hyphens or underscores");
  }
  const at = values.at === undefined ? new Date() : new Date(values.at);
  if (Number.isNaN(at.getTime())) throw new UsageError("--at must be an ISO 8601 time");
  const report = generateHealthReport({
    deploymentId,
    at,
    nodes: number("nodes", values.nodes, 1, 10_000),
    drivesPerNode: number("drives", values.drives, 1, 256),
    usedFraction: number("used", values.used, 0, 1, false),
    seed: number("seed", values.seed, 0, 2 ** 32 - 1),
    faults: faults(values.faults, values.broken),
  });
  return { text: JSON.stringify(report, null, 2), out: values.out ?? null };
}

function main(): void {
  try {
    const { text, out } = healthReportCli(process.argv.slice(2));
    if (out) writeFileSync(out, `${text}\n`);
    else process.stdout.write(`${text}\n`);
  } catch (err) {
    const known = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`${(err as Error).message}\n${known ? `\n${USAGE}\n` : ""}`);
    process.exitCode = known || err instanceof RangeError ? 2 : 1;
  }
}

// Run only as a program, so tests can import healthReportCli.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
