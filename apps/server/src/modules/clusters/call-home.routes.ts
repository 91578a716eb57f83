/**
 * POST /api/health/report: a cluster calling home. Its cron job sends the report with the cluster's
 * call-home key (the request guard turns the key into request.machine); an API token with
 * health_upload, or a signed-in member or engineer, names the cluster with ?cluster_id (and ?aid). The body is read whole (at
 * most HEALTH_REPORT_MAX_BYTES, refused by its Content-Length before it is read), validated at once
 * so the sender learns what is wrong, then stored as a health_report file of the cluster like any
 * other upload (quota, scanning); completing that file queues the analysis (files.service).
 */
import { Readable } from "node:stream";
import { CLUSTER_MESSAGES, clusterId, ZReportAccepted } from "@portico/shared/schemas/clusters";
import {
  HEALTH_REPORT_MAX_BYTES,
  HEALTH_REPORT_MESSAGES,
  parseHealthReport,
} from "@portico/shared/schemas/health-report";
import { zIdText } from "@portico/shared/validation";
import type { FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actingAccount } from "../../platform/auth/require";
import { badRequest, HttpError, notFound } from "../../platform/errors";
import { assertMaySeeAccount } from "../accounts/accounts.policy";
import { storeWholeFile, type Uploader } from "../files/files.service";
import { findCluster } from "./clusters.queries";
import { registerIngestJob } from "./ingest";
import { ensureSweepScheduled, registerNotReportingJob } from "./not-reporting";

const ZReportQuery = z.object({
  aid: zIdText("aid").optional(),
  cluster_id: clusterId.optional(),
});

const tooLarge = () => new HttpError(413, HEALTH_REPORT_MESSAGES.tooLarge);

export async function callHomeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  // The report is kept byte for byte: read raw, whatever JSON it claims to be.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ["application/json", "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: HEALTH_REPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  // A body over the limit without a Content-Length (chunked) is stopped by Fastify while read.
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? tooLarge() : err;
  });

  app.post(
    "/health/report",
    {
      bodyLimit: HEALTH_REPORT_MAX_BYTES,
      config: { machine: "health_upload" },
      schema: {
        tags: ["clusters"],
        summary: "A cluster's health report (call-home key, or a signed-in member with aid and cluster_id)",
        querystring: ZReportQuery,
        consumes: ["application/json", "application/octet-stream"],
        response: { 202: ZReportAccepted },
      },
      // After the guard, before a byte of the body: an announced length over the limit is refused.
      preParsing: async (request) => {
        const length = Number(request.headers["content-length"]);
        if (length > HEALTH_REPORT_MAX_BYTES) throw tooLarge();
      },
    },
    async (request, reply) => {
      let cluster: Awaited<ReturnType<typeof findCluster>>;
      let uploader: Uploader;
      const { machine } = request;
      if (machine?.clusterId) {
        cluster = await findCluster(db, machine.accountId, machine.clusterId);
        uploader = { userId: null, name: cluster?.name ?? "cluster" };
      } else {
        const { accountId, viewer } = actingAccount(request, request.query.aid);
        if (viewer) await assertMaySeeAccount(db, viewer, accountId);
        const id = request.query.cluster_id;
        if (!id) throw badRequest("cluster_id is required");
        cluster = await findCluster(db, accountId, id);
        uploader = viewer ?? { userId: null, name: cluster?.name ?? "cluster" };
      }
      // Deleted since the key was checked, or not one of the account's.
      if (!cluster) throw notFound(CLUSTER_MESSAGES.clusterNotFound);

      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const parsed = parseHealthReport(body.toString("utf8"));
      if (!parsed.ok) throw badRequest(parsed.error);
      if (parsed.report.deployment_id !== cluster.deploymentId) {
        throw badRequest(HEALTH_REPORT_MESSAGES.otherCluster);
      }

      const stamp = parsed.report.generated_at.replace(/[:.]/g, "-");
      const file = await storeWholeFile(
        app.files.runtime,
        uploader,
        {
          accountId: cluster.accountId,
          fileType: "health_report",
          title: null,
          filename: `health-report-${cluster.deploymentId}-${stamp}.json`,
          clusterId: cluster.id,
          issueNumber: null,
        },
        Readable.from([body]),
        body.length,
      );
      if (file.reportId === undefined) throw new Error("a health report file queued no report");
      return reply.code(202).send({
        report_id: file.reportId,
        cluster_id: cluster.id,
        file_uuid: file.uuid,
        status: "pending",
      });
    },
  );
}

/**
 * Everything of receiving reports, registered by the clusters module: the upload route, the
 * analysis job and the hourly not-reporting sweep (one pending from start-up on).
 */
export async function healthReports(app: FastifyInstance) {
  registerIngestJob(app.ctx);
  registerNotReportingJob(app.ctx);
  // The app starts (and answers its probes) with the database down; the sweep is then planned at
  // the next start, and meanwhile the screens still flag a silent cluster by its last report time.
  app.addHook("onReady", async () => {
    await ensureSweepScheduled(app.ctx).catch((err) =>
      app.log.warn({ err }, "the not-reporting sweep could not be scheduled yet"),
    );
  });
  await app.register(callHomeRoutes);
}
