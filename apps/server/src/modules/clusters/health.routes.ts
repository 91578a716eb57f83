/**
 * Health (spec §7.3 GET health {accId, clusterId, reqType}, health/checks): the /health overview
 * of an account, a cluster's checks, history, trends, explorer and call-home log, and the public
 * JSON Schema of the report.
 */
import { buildExplorerTree } from "@portico/shared/rules/health-analysis";
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import {
  CLUSTER_MESSAGES,
  ZCheckHistory,
  ZHealthChecks,
  ZHealthExplorer,
  ZHealthOverview,
  ZHealthQuery,
  ZHealthReportLog,
  ZHealthTrends,
  clusterId as zClusterId,
} from "@portico/shared/schemas/clusters";
import { healthReportJsonSchema } from "@portico/shared/schemas/health-report";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Acting, actingOn, requireViewer } from "../../platform/auth/require";
import { notFound } from "../../platform/errors";
import { assertExplorerAllowed, healthAccount } from "./clusters.policy";
import {
  checkHistory,
  findCluster,
  findLatestReport,
  fleetSummary,
  latestChecks,
  listClusters,
  reportLog,
  trends,
} from "./clusters.queries";

const tags = ["clusters"];

const ZHealthAnswer = z.union([
  ZHealthOverview,
  ZHealthChecks,
  ZCheckHistory,
  ZHealthTrends,
  ZHealthExplorer,
  ZHealthReportLog,
]);

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;
  const reportSchema = JSON.stringify(healthReportJsonSchema(), null, 2);

  /**
   * The account read and who reads it: a viewer (accId, else aid, else their organization), or a
   * clusters_read credential, which reads its own organization only.
   */
  const readAccount = async (
    request: FastifyRequest,
    accId: number | undefined,
    aid: number | undefined,
  ): Promise<Acting> => {
    const { machine } = request;
    if (!machine) {
      const viewer = requireViewer(request);
      return { accountId: await healthAccount(db, viewer, accId, aid), viewer };
    }
    for (const named of [accId, aid]) if (named !== undefined) actingOn(request, named);
    return { accountId: machine.accountId, viewer: null };
  };

  const loadCluster = async (
    request: FastifyRequest,
    accId: number | undefined,
    aid: number | undefined,
    id: string,
  ) => {
    const { accountId, viewer } = await readAccount(request, accId, aid);
    const cluster = await findCluster(db, accountId, id);
    if (!cluster) throw notFound(CLUSTER_MESSAGES.clusterNotFound);
    return { cluster, viewer };
  };

  app.get(
    "/health",
    {
      config: { machine: "clusters_read" },
      schema: {
        tags,
        querystring: ZHealthQuery.extend(ZAidQuery.shape),
        response: { 200: ZHealthAnswer },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.clusterId === undefined) {
        const { accountId } = await readAccount(request, q.accId, q.aid);
        const [items, summary] = await Promise.all([
          listClusters(db, accountId),
          fleetSummary(db, accountId),
        ]);
        return { items, summary };
      }
      const { cluster, viewer } = await loadCluster(request, q.accId, q.aid, q.clusterId);
      switch (q.reqType) {
        case "checks":
          return latestChecks(db, cluster);
        case "history":
          return checkHistory(db, cluster.id, q.page);
        case "trends":
          return trends(db, cluster.id, q.days);
        case "reports":
          return reportLog(db, cluster.id, q.page);
        case "explorer": {
          assertExplorerAllowed(config, viewer, cluster.accountId);
          const latest = await findLatestReport(db, cluster.accountId, cluster.id);
          if (!latest?.report || !latest.at) throw notFound(CLUSTER_MESSAGES.noReport);
          return { generated_at: latest.at.toISOString(), root: buildExplorerTree(latest.report) };
        }
      }
    },
  );

  app.get(
    "/health/checks",
    {
      config: { machine: "clusters_read" },
      schema: {
        tags,
        querystring: z.object({
          ...ZAidQuery.shape,
          accId: ZHealthQuery.shape.accId,
          clusterId: zClusterId,
        }),
        response: { 200: ZHealthChecks },
      },
    },
    async (request) => {
      const { accId, aid, clusterId } = request.query;
      return latestChecks(db, (await loadCluster(request, accId, aid, clusterId)).cluster);
    },
  );

  /** The report's open JSON Schema, for the clusters' scripts and validators (no sign-in). */
  app.get(
    "/health/report-schema.json",
    { config: { public: true }, schema: { tags } },
    async (_request, reply) => reply.type("application/schema+json").send(reportSchema),
  );
}
