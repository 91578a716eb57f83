/**
 * Clusters of an account (spec §7.1 accounts/{id}/clusters, §7.3 cluster/register). Routes are
 * thin: parse, authorise, call the service or a query, present.
 */
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import {
  CLUSTER_MESSAGES,
  ZAccountClusterParams,
  ZAccountParams,
  ZCallHomeKeyResponse,
  ZCluster,
  ZClusterFleetSummary,
  ZClusterList,
  ZDeleteClustersRequest,
  ZDeleteClustersResponse,
  ZRecentFilesQuery,
  ZRegisterClusterRequest,
  ZRegisterClusterResponse,
  ZUpdateClusterRequest,
} from "@portico/shared/schemas/clusters";
import { ZFileItems } from "@portico/shared/schemas/files";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount } from "../../platform/auth/viewer";
import { notFound } from "../../platform/errors";
import { assertMayChangeClusters, assertMaySeeClusters } from "./clusters.policy";
import { findCluster, fleetSummary, listClusters, presentCluster, recentFiles } from "./clusters.queries";
import { deleteClusters, registerCluster, rotateCallHomeKey, updateCluster } from "./clusters.service";

const tags = ["clusters"];

export async function clusterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = app.ctx;

  app.post(
    "/cluster/register",
    {
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZRegisterClusterRequest,
        response: { 200: ZRegisterClusterResponse, 201: ZRegisterClusterResponse },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, request.query.aid);
      await assertMayChangeClusters(db, viewer, accountId);
      const { cluster, created, callHomeKey } = await registerCluster(db, viewer, accountId, request.body);
      return reply
        .code(created ? 201 : 200)
        .send({ cluster: presentCluster(cluster), created, call_home_key: callHomeKey });
    },
  );

  app.get(
    "/accounts/:id/clusters",
    { schema: { tags, params: ZAccountParams, response: { 200: ZClusterList } } },
    async (request) => {
      await assertMaySeeClusters(db, requireViewer(request), request.params.id);
      return { items: await listClusters(db, request.params.id) };
    },
  );

  app.get(
    "/accounts/:id/clusters/summary",
    { schema: { tags, params: ZAccountParams, response: { 200: ZClusterFleetSummary } } },
    async (request) => {
      await assertMaySeeClusters(db, requireViewer(request), request.params.id);
      return fleetSummary(db, request.params.id);
    },
  );

  /** The cluster in this account, or 404 (another account's is not found). */
  const loadCluster = async (accountId: number, clusterId: string) => {
    const cluster = await findCluster(db, accountId, clusterId);
    if (!cluster) throw notFound(CLUSTER_MESSAGES.clusterNotFound);
    return cluster;
  };

  app.get(
    "/accounts/:id/clusters/:clusterId",
    { schema: { tags, params: ZAccountClusterParams, response: { 200: ZCluster } } },
    async (request) => {
      const { id, clusterId } = request.params;
      await assertMaySeeClusters(db, requireViewer(request), id);
      return presentCluster(await loadCluster(id, clusterId));
    },
  );

  app.put(
    "/accounts/:id/clusters/:clusterId",
    {
      schema: {
        tags,
        params: ZAccountClusterParams,
        body: ZUpdateClusterRequest,
        response: { 200: ZCluster },
      },
    },
    async (request) => {
      const { id, clusterId } = request.params;
      await assertMayChangeClusters(db, requireViewer(request), id);
      return presentCluster(await updateCluster(db, id, clusterId, request.body));
    },
  );

  app.get(
    "/accounts/:id/clusters/:clusterId/recentFiles",
    {
      schema: {
        tags,
        params: ZAccountClusterParams,
        querystring: ZRecentFilesQuery,
        response: { 200: ZFileItems },
      },
    },
    async (request) => {
      const { id, clusterId } = request.params;
      await assertMaySeeClusters(db, requireViewer(request), id);
      return { items: await recentFiles(db, await loadCluster(id, clusterId), request.query.limit) };
    },
  );

  app.post(
    "/accounts/:id/clusters/:clusterId/call-home-key",
    { schema: { tags, params: ZAccountClusterParams, response: { 200: ZCallHomeKeyResponse } } },
    async (request) => {
      const { id, clusterId } = request.params;
      await assertMayChangeClusters(db, requireViewer(request), id);
      const { cluster, callHomeKey } = await rotateCallHomeKey(db, id, clusterId);
      return { call_home_key: callHomeKey, cluster: presentCluster(cluster) };
    },
  );

  app.post(
    "/accounts/:id/delete-clusters",
    {
      schema: {
        tags,
        params: ZAccountParams,
        body: ZDeleteClustersRequest,
        response: { 200: ZDeleteClustersResponse },
      },
    },
    async (request) => {
      await assertMayChangeClusters(db, requireViewer(request), request.params.id);
      const deleted = await deleteClusters(db, request.params.id, request.body);
      jobs.kick();
      return { deleted };
    },
  );
}
