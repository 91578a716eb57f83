/**
 * The health report a storage cluster sends home (issue 12), version 1. This zod schema is the one
 * source: the server validates uploads with it, and the open JSON Schema published at
 * GET /api/health/report-schema.json (and committed as docs/health-report.schema.json) is
 * generated from it, so the two cannot drift. docs/HEALTH-REPORT.md documents every field.
 *
 * A report is a snapshot: every counter is cumulative since its node started (the analysis turns
 * two snapshots into a rate), every size is in bytes, every time an ISO 8601 instant.
 */
import { z } from "../zod";

export const HEALTH_REPORT_SCHEMA_VERSION = 1;
/** The largest report body accepted (bytes); a bigger one is refused before it is parsed. */
export const HEALTH_REPORT_MAX_BYTES = 64 * 1024 * 1024;
export const HEALTH_REPORT_MAX_NODES = 10_000;
export const HEALTH_REPORT_MAX_DRIVES_PER_NODE = 256;
export const HEALTH_REPORT_MAX_ERASURE_SETS = 50_000;
/** A report dated further ahead of the server's clock than this is refused (a broken clock). */
export const HEALTH_REPORT_MAX_FUTURE_MS = 60 * 60 * 1000;

export const DRIVE_STATES = ["ok", "offline", "faulty", "healing", "missing"] as const;
export type DriveState = (typeof DRIVE_STATES)[number];
/** Drive states that hold no readable data. */
export const DRIVE_DOWN_STATES: ReadonlySet<DriveState> = new Set(["offline", "faulty", "missing"]);

export const ERASURE_SET_HEALTH = ["healthy", "degraded", "offline"] as const;
export type ErasureSetHealth = (typeof ERASURE_SET_HEALTH)[number];

export const HEALTH_REPORT_MESSAGES = {
  tooLarge: `Report is larger than ${HEALTH_REPORT_MAX_BYTES / 1024 / 1024} MiB`,
  empty: "Report is empty",
  notJson: "Report is not valid JSON",
  invalid: "Report does not match the health report schema",
  version: `Unsupported schema_version (this server reads version ${HEALTH_REPORT_SCHEMA_VERSION})`,
  tooManyNodes: `A report can list at most ${HEALTH_REPORT_MAX_NODES} nodes`,
  tooManyDrives: `A node can list at most ${HEALTH_REPORT_MAX_DRIVES_PER_NODE} drives`,
  tooManySets: `A report can list at most ${HEALTH_REPORT_MAX_ERASURE_SETS} erasure sets`,
  inFuture: "Report time is more than an hour ahead of the server's clock",
  otherCluster: "Report is for another cluster (deployment_id does not match)",
  usedOverTotal: "A drive's used_bytes cannot exceed its total_bytes",
  duplicateNode: "Node ids must be unique",
  unknownDrive: "An erasure set names a drive that no node lists",
} as const;

const id = z.string().min(1).max(200);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const instant = z.iso.datetime({ offset: true });

export const ZReportDrive = z
  .object({
    /** The drive's path on its node, e.g. /mnt/disk3. Unique per node. */
    path: id,
    state: z.enum(DRIVE_STATES),
    total_bytes: count,
    used_bytes: count,
  })
  .refine((d) => d.used_bytes <= d.total_bytes, { message: HEALTH_REPORT_MESSAGES.usedOverTotal });

export const ZReportNode = z.object({
  /** The node's endpoint or host name; unique in the report. */
  id,
  /** The storage software's version on this node. */
  version: z.string().min(1).max(100),
  uptime_seconds: count,
  /** The node's own wall clock when the report was assembled (clock drift is measured from it). */
  clock: instant,
  /** Cumulative since the node started (a restart resets them: uptime tells). */
  network: z.object({ rx_errors: count, tx_errors: count }),
  drives: z.array(ZReportDrive).max(HEALTH_REPORT_MAX_DRIVES_PER_NODE, HEALTH_REPORT_MESSAGES.tooManyDrives),
});

export const ZReportErasureSet = z.object({
  pool: z.number().int().min(0).max(10_000),
  set: z.number().int().min(0).max(1_000_000),
  health: z.enum(ERASURE_SET_HEALTH),
  data_drives: z.number().int().min(1).max(1024),
  parity_drives: z.number().int().min(0).max(1024),
  /** Its drives as "<node id>:<drive path>". */
  drives: z.array(z.string().min(1).max(500)).max(2048),
});

export const ZHealthReport = z
  .object({
    schema_version: z.literal(HEALTH_REPORT_SCHEMA_VERSION, { error: HEALTH_REPORT_MESSAGES.version }),
    /** The cluster's own id (its deployment id), as registered. */
    deployment_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    /** When the cluster assembled the report. */
    generated_at: instant,
    nodes: z.array(ZReportNode).min(1).max(HEALTH_REPORT_MAX_NODES, HEALTH_REPORT_MESSAGES.tooManyNodes),
    erasure_sets: z
      .array(ZReportErasureSet)
      .max(HEALTH_REPORT_MAX_ERASURE_SETS, HEALTH_REPORT_MESSAGES.tooManySets),
  })
  .superRefine((report, issue) => {
    const nodes = new Set<string>();
    const drives = new Set<string>();
    for (const node of report.nodes) {
      if (nodes.has(node.id)) {
        issue.addIssue({ code: "custom", message: HEALTH_REPORT_MESSAGES.duplicateNode, path: ["nodes"] });
        return;
      }
      nodes.add(node.id);
      for (const drive of node.drives) drives.add(`${node.id}:${drive.path}`);
    }
    report.erasure_sets.forEach((set, i) => {
      for (const ref of set.drives) {
        if (!drives.has(ref)) {
          issue.addIssue({
            code: "custom",
            message: `${HEALTH_REPORT_MESSAGES.unknownDrive}: ${ref}`,
            path: ["erasure_sets", i, "drives"],
          });
          return;
        }
      }
    });
  });
export type THealthReport = z.infer<typeof ZHealthReport>;
export type TReportNode = z.infer<typeof ZReportNode>;
export type TReportDrive = z.infer<typeof ZReportDrive>;
export type TReportErasureSet = z.infer<typeof ZReportErasureSet>;

/** The open JSON Schema (draft 2020-12) of the report, generated from ZHealthReport. */
export function healthReportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ZHealthReport, { target: "draft-2020-12", io: "input" }),
    $id: "https://portico.example/schemas/health-report/v1.json",
    title: "Portico cluster health report",
    description: `Version ${HEALTH_REPORT_SCHEMA_VERSION}. See docs/HEALTH-REPORT.md.`,
  };
}

export type ParsedReport = { ok: true; report: THealthReport } | { ok: false; error: string };

/**
 * Parses and validates a report's text (UTF-8 decoded by the caller): the one function both the upload route (to answer at
 * once) and the analysis job (files uploaded another way) use. The error names the first problem
 * and where it is, e.g. "Report does not match the health report schema: nodes.3.drives.0.state:
 * Invalid option".
 */
export function parseHealthReport(text: string, now: Date = new Date()): ParsedReport {
  if (text.trim() === "") return { ok: false, error: HEALTH_REPORT_MESSAGES.empty };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `${HEALTH_REPORT_MESSAGES.notJson}: ${(err as Error).message}` };
  }
  const parsed = ZHealthReport.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    if (first && Object.values(HEALTH_REPORT_MESSAGES).includes(first.message as never)) {
      return { ok: false, error: first.message };
    }
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    return { ok: false, error: `${HEALTH_REPORT_MESSAGES.invalid}: ${where}${first?.message ?? ""}` };
  }
  if (Date.parse(parsed.data.generated_at) - now.getTime() > HEALTH_REPORT_MAX_FUTURE_MS) {
    return { ok: false, error: HEALTH_REPORT_MESSAGES.inFuture };
  }
  return { ok: true, report: parsed.data };
}
