/**
 * The clusters module under /api (issue 12): clusters of an account, registration, the health
 * overview and a cluster's health, and the call-home side (reports received and analysed, the
 * not-reporting sweep).
 */
import type { FastifyInstance } from "fastify";
import { healthReports } from "./call-home.routes";
import { clusterRoutes } from "./clusters.routes";
import { healthRoutes } from "./health.routes";

export async function clustersModule(app: FastifyInstance) {
  await app.register(clusterRoutes);
  await app.register(healthRoutes);
  await app.register(healthReports);
}
