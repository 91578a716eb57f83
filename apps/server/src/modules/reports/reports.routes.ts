/**
 * Reports (issue 18; §7.1 reports accounts and clusters under /api/auth, §7.2 reports under
 * /api/chat). Engineers only: anyone else is refused before the query is even read, so a
 * customer learns nothing of the routes' parameters.
 */
import {
  ZAccountsReport,
  ZCapacityPage,
  ZCapacityQuery,
  ZClustersReport,
  ZIssuesReport,
  ZReportRangeQuery,
} from "@portico/shared/schemas/reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendCsv, toCsv } from "../../platform/csv";
import { requireEngineer } from "../accounts/accounts.policy";
import { accountsCsv, accountsCsvFilename, accountsReport, capacityPage } from "./accounts-report";
import { clustersCsv, clustersCsvFilename, clustersReport } from "./clusters-report";
import { ISSUES_CSV_COLUMNS, issuesCsvFilename, issuesCsvRows, issuesReport } from "./issues-report";

const tags = ["reports"];

function engineersOnly(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    requireEngineer(request);
  });
}

/** Under /api/auth: accounts and clusters. */
export async function accountReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  engineersOnly(app);

  app.get(
    "/reports/accounts",
    { schema: { tags, querystring: ZReportRangeQuery, response: { 200: ZAccountsReport } } },
    async (request) => accountsReport(db, request.query),
  );

  app.get(
    "/reports/accounts/capacity",
    { schema: { tags, querystring: ZCapacityQuery, response: { 200: ZCapacityPage } } },
    async (request) => capacityPage(db, request.query),
  );

  app.get(
    "/reports/accounts/export",
    { schema: { tags, querystring: ZReportRangeQuery } },
    async (request, reply) => sendCsv(reply, accountsCsvFilename(request.query), await accountsCsv(db)),
  );

  app.get(
    "/reports/clusters",
    { schema: { tags, querystring: ZReportRangeQuery, response: { 200: ZClustersReport } } },
    async (request) => clustersReport(db, request.query),
  );

  app.get(
    "/reports/clusters/export",
    { schema: { tags, querystring: ZReportRangeQuery } },
    async (_request, reply) => sendCsv(reply, clustersCsvFilename(), await clustersCsv(db)),
  );
}

/** Under /api/chat: issues over time. */
export async function issueReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  engineersOnly(app);

  app.get(
    "/reports",
    { schema: { tags, querystring: ZReportRangeQuery, response: { 200: ZIssuesReport } } },
    async (request) => issuesReport(db, request.query),
  );

  app.get("/reports/export", { schema: { tags, querystring: ZReportRangeQuery } }, async (request, reply) => {
    const report = await issuesReport(db, request.query);
    return sendCsv(reply, issuesCsvFilename(request.query), toCsv(ISSUES_CSV_COLUMNS, issuesCsvRows(report)));
  });
}
