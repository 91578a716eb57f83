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
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actingAccount, actingOn, requireViewer } from "../../platform/auth/require";
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
      config: { machine: "cluster_register" },
      schema: {
        tags,
        querystring: ZAidQuery,
        body: ZRegisterClusterRequest,
        response: { 200: ZRegisterClusterResponse, 201: ZRegisterClusterResponse },
      },
    },
    async (request, reply) => {
      const { accountId, viewer } = actingAccount(request, request.query.aid);
      if (viewer) await assertMayChangeClusters(db, viewer, accountId);
      const registeredBy = viewer?.userId ?? null;
      const { cluster, created, callHomeKey } = await registerCluster(
        db,
        registeredBy,
        accountId,
        request.body,
      );
      return reply
        .code(created ? 201 : 200)
        .send({ cluster: presentCluster(cluster), created, call_home_key: callHomeKey });
    },
  );

  /** A viewer who may see the account's clusters, or a clusters_read credential of that account. */
  const mayRead = async (request: FastifyRequest, accountId: number) => {
    const viewer = actingOn(request, accountId);
    if (viewer) await assertMaySeeClusters(db, viewer, accountId);
  };
  const reads = { machine: "clusters_read" } as const;

  app.get(
    "/accounts/:id/clusters",
    { config: reads, schema: { tags, params: ZAccountParams, response: { 200: ZClusterList } } },
    async (request) => {
      await mayRead(request, request.params.id);
      return { items: await listClusters(db, request.params.id) };
    },
  );

  app.get(
    "/accounts/:id/clusters/summary",
    { config: reads, schema: { tags, params: ZAccountParams, response: { 200: ZClusterFleetSummary } } },
    async (request) => {
      await mayRead(request, request.params.id);
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
    { config: reads, schema: { tags, params: ZAccountClusterParams, response: { 200: ZCluster } } },
    async (request) => {
      const { id, clusterId } = request.params;
      await mayRead(request, id);
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
