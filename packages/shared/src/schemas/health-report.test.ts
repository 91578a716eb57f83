/**
 * The committed open format stays the one the server reads. When the zod schema changes on
 * purpose, regenerate the committed files:
 *
 *   npm run -s health-report -- --schema --out docs/health-report.schema.json
 *   npm run -s health-report -- --deployment-id example-cluster --at 2026-11-01T00:00:00Z --seed 1 --out docs/health-report/examples/healthy.json
 *   npm run -s health-report -- --deployment-id example-cluster --at 2026-11-01T00:00:00Z --seed 1 --broken --out docs/health-report/examples/broken.json
 *   npx biome format --write docs/health-report.schema.json docs/health-report/examples
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import broken from "../../../../docs/health-report/examples/broken.json";
import healthy from "../../../../docs/health-report/examples/healthy.json";
import committedSchema from "../../../../docs/health-report.schema.json";
import { analyseReport } from "../rules/health-analysis";
import { BROKEN_FAULTS, generateHealthReport } from "../rules/health-report-generator";
import {
  HEALTH_REPORT_MAX_NODES,
  healthReportJsonSchema,
  parseHealthReport,
  ZHealthReport,
} from "./health-report";

const schema = healthReportJsonSchema();
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

describe("the open JSON Schema", () => {
  it("is committed as docs/health-report.schema.json, as generated (regenerate: see this file's header)", () => {
    expect(committedSchema).toEqual(schema);
  });

  it.each([
    ["healthy", healthy],
    ["broken", broken],
  ])("accepts the %s example, as the server does", (_, example) => {
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(ZHealthReport.safeParse(example).success).toBe(true);
    expect(parseHealthReport(JSON.stringify(example)).ok).toBe(true);
  });

  it("has examples that are what the generator writes, and fail and pass as their names say", () => {
    const opts = { deploymentId: "example-cluster", at: new Date("2026-11-01T00:00:00Z"), seed: 1 };
    expect(healthy).toEqual(generateHealthReport(opts));
    expect(broken).toEqual(
      generateHealthReport({
        ...opts,
        faults: BROKEN_FAULTS,
      }),
    );
    const failed = (r: unknown) =>
      analyseReport({ report: ZHealthReport.parse(r), previous: null, history: [] }).checks.filter(
        (c) => !c.passed,
      ).length;
    expect(failed(healthy)).toBe(0);
    expect(failed(broken)).toBe(5);
  });

  it("refuses what zod refuses structurally", () => {
    const bad = (edit: (r: typeof healthy & Record<string, unknown>) => void) => {
      const r = JSON.parse(JSON.stringify(healthy)) as typeof healthy & Record<string, unknown>;
      edit(r);
      return validate(r);
    };
    expect(bad((r) => Object.assign(r, { schema_version: 2 }))).toBe(false);
    expect(bad((r) => Object.assign(r.nodes[0] as object, { clock: "yesterday" }))).toBe(false);
    expect(bad((r) => Object.assign(r.nodes[0]?.drives[0] as object, { state: "melted" }))).toBe(false);
    expect(bad((r) => Object.assign(r.nodes[0]?.drives[0] as object, { used_bytes: -1 }))).toBe(false);
    expect(bad((r) => Object.assign(r, { deployment_id: "has space" }))).toBe(false);
    expect(bad((r) => Object.assign(r, { nodes: [] }))).toBe(false);
    expect(
      bad((r) => Object.assign(r, { nodes: new Array(HEALTH_REPORT_MAX_NODES + 1).fill(r.nodes[0]) })),
    ).toBe(false);
    // Unknown fields are allowed: additive changes keep schema_version 1.
    expect(bad((r) => Object.assign(r, { vendor_extra: { anything: true } }))).toBe(true);
  });
});
