/**
 * Licences (spec §7.1 licences, license, trial_licenses; issue 13). Under /api/auth: the
 * organization's licence for its members and engineers, issuing and key rotation for vendor
 * staff, trial licences for engineers. The public key set is outside /api (public, open during
 * maintenance); a prospect's cluster registers under /api with its trial licence as the bearer.
 */
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import { ZAccountParams } from "@portico/shared/schemas/clusters";
import {
  LICENCE_KEYS_PATH,
  LICENCE_MESSAGES,
  ZCreateTrialLicenceRequest,
  ZIssueLicenceRequest,
  ZLicence,
  ZLicenceKeySet,
  ZLicenceList,
  ZRotateLicenceKeyResponse,
  ZTrialCluster,
  ZTrialClusterRegisterRequest,
  ZTrialLicence,
  ZTrialLicenceList,
  ZTrialLicenceListQuery,
  ZTrialLicenceParams,
} from "@portico/shared/schemas/licences";
import { z } from "@portico/shared/zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { JSONWebKeySet } from "jose";
import { requireViewer } from "../../platform/auth/require";
import { bearerToken, resolveAccount, type Viewer } from "../../platform/auth/viewer";
import { sendCsv } from "../../platform/csv";
import { badRequest, forbidden, notFound, unauthorized } from "../../platform/errors";
import { licenceKeySet, publishedLicenceKeys, rotateLicenceKey } from "../../platform/licence-keys";
import { sendUserFile } from "../../platform/user-files";
import { assertMaySeeAccount } from "../accounts/accounts.policy";
import { auditActor, recordAudit } from "../customers/audit";
import {
  allTrials,
  currentLicence,
  findTrial,
  licenceHistory,
  listTrials,
  presentLicence,
} from "./licences.queries";
import { countStaleLicences, issueLicence, RESIGN_LICENCES_JOB } from "./licences.service";
import { createTrial, registerTrialCluster, trialsCsv } from "./trial-licences.service";
import { verifyLicence } from "./verify";

const tags = ["licences"];

const assertEngineer = (viewer: Viewer) => {
  if (!viewer.isEngineer) throw forbidden(LICENCE_MESSAGES.engineersOnly);
};

/** A file name of the organization's: letters, digits, dot, dash, underscore. */
const fileStem = (organization: string) => organization.replace(/[^A-Za-z0-9._-]+/g, "-") || "portico";

/** GET LICENCE_KEYS_PATH: what a cluster verifies its licence with. */
export async function licenceKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    LICENCE_KEYS_PATH,
    { schema: { tags, response: { 200: ZLicenceKeySet } } },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return licenceKeySet(app.ctx.db) as Promise<z.infer<typeof ZLicenceKeySet>>;
    },
  );
}

/** Under /api/auth. */
export async function licenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobs } = app.ctx;

  /** The account of an ?aid call (a customer: their own; engineers: any existing one). */
  const licenceAccount = async (request: FastifyRequest, aid: number | undefined) => {
    const viewer = requireViewer(request);
    const { accountId } = resolveAccount(viewer, aid);
    await assertMaySeeAccount(db, viewer, accountId);
    return accountId;
  };

  const loadCurrent = async (accountId: number) => {
    const row = await currentLicence(db, accountId);
    if (!row) throw notFound(LICENCE_MESSAGES.noLicence);
    return row;
  };

  app.get(
    "/license",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZLicence } } },
    async (request) => presentLicence(await loadCurrent(await licenceAccount(request, request.query.aid))),
  );

  app.get("/license/download", { schema: { tags, querystring: ZAidQuery } }, async (request, reply) => {
    const row = await loadCurrent(await licenceAccount(request, request.query.aid));
    return sendUserFile(reply, {
      contentType: "text/plain; charset=utf-8",
      filename: `${fileStem(row.organization)}-licence.jwt`,
      data: Buffer.from(`${row.token}\n`),
    });
  });

  app.get(
    "/licences",
    { schema: { tags, querystring: ZAidQuery, response: { 200: ZLicenceList } } },
    async (request) => {
      const accountId = await licenceAccount(request, request.query.aid);
      const now = new Date();
      return { items: (await licenceHistory(db, accountId)).map((row) => presentLicence(row, now)) };
    },
  );

  app.post(
    "/accounts/:id/licence",
    { schema: { tags, params: ZAccountParams, body: ZIssueLicenceRequest, response: { 201: ZLicence } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      await assertMaySeeAccount(db, viewer, request.params.id);
      const expiresAt = new Date(request.body.expires_at);
      if (expiresAt.getTime() <= Date.now()) throw badRequest("The expiry must be in the future");
      const row = await db.transaction(async (tx) => {
        const issued = await issueLicence(tx, {
          accountId: request.params.id,
          plan: request.body.plan,
          capacityTib: request.body.capacity_tib,
          expiresAt,
          issuedBy: viewer.userId,
        });
        // The console's "trial license" action: an engineer's licence outside any subscription.
        await recordAudit(tx, auditActor(request), {
          accountId: request.params.id,
          action: "licence.trial_issued",
          details: {
            plan: issued.plan,
            capacity_tib: issued.capacityTib,
            expires_at: expiresAt.toISOString(),
          },
        });
        return issued;
      });
      return reply.code(201).send(presentLicence(row));
    },
  );

  app.post(
    "/licence-keys/rotate",
    { schema: { tags, response: { 200: ZRotateLicenceKeyResponse } } },
    async (request) => {
      if (!requireViewer(request).isAdmin) throw forbidden(LICENCE_MESSAGES.adminsOnly);
      const rotated = await db.transaction(async (tx) => {
        const kid = await rotateLicenceKey(tx);
        await jobs.enqueue(tx, RESIGN_LICENCES_JOB, {});
        return { key_id: kid, reissued: await countStaleLicences(tx, kid) };
      });
      // Re-signing starts now rather than at the queue's next tick.
      jobs.kick();
      return rotated;
    },
  );

  // ---- trial licences (engineers) ----

  app.post(
    "/trial_licenses",
    { schema: { tags, body: ZCreateTrialLicenceRequest, response: { 201: ZTrialLicence } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const id = await createTrial(db, request.body, viewer.userId);
      const trial = await findTrial(db, id);
      if (!trial) throw new Error("created trial not found");
      return reply.code(201).send(trial);
    },
  );

  app.get(
    "/trial_licenses",
    { schema: { tags, querystring: ZTrialLicenceListQuery, response: { 200: ZTrialLicenceList } } },
    async (request) => {
      assertEngineer(requireViewer(request));
      return listTrials(db, request.query.page, request.query.q || undefined);
    },
  );

  app.get("/trial_licenses/export", { schema: { tags } }, async (request, reply) => {
    assertEngineer(requireViewer(request));
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(reply, `trial-licences-${day}.csv`, trialsCsv(await allTrials(db)));
  });

  app.get(
    "/trial_licenses/:id",
    { schema: { tags, params: ZTrialLicenceParams, response: { 200: ZTrialLicence } } },
    async (request) => {
      assertEngineer(requireViewer(request));
      const trial = await findTrial(db, request.params.id);
      if (!trial) throw notFound(LICENCE_MESSAGES.trialNotFound);
      return trial;
    },
  );
}

const ZTrialClusterRegisterResponse = z.object({ cluster: ZTrialCluster, created: z.boolean() });

declare module "fastify" {
  interface FastifyRequest {
    /** The trial a /cluster/register/trial call's bearer licence names (set before its body is read). */
    trialId?: number;
  }
}

/** Under /api: a prospect's cluster registers with its trial licence (verified like offline). */
export async function trialClusterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  /** Before the body: no, or a bad, expired or non-trial licence is a 401 that reads nothing. */
  const trialBearer = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const keys = (await publishedLicenceKeys(db)) as JSONWebKeySet;
    const verified = await verifyLicence(token, keys);
    if (!verified.ok) throw unauthorized(verified.error);
    const { kind, trial_id: trialId } = verified.claims;
    if (kind !== "trial" || trialId === null || !(await findTrial(db, trialId))) {
      throw unauthorized(LICENCE_MESSAGES.malformed);
    }
    request.trialId = trialId;
  };

  app.post(
    "/cluster/register/trial",
    {
      config: { public: true },
      onRequest: trialBearer,
      schema: {
        tags,
        body: ZTrialClusterRegisterRequest,
        response: { 200: ZTrialClusterRegisterResponse, 201: ZTrialClusterRegisterResponse },
      },
    },
    async (request, reply) => {
      const trialId = request.trialId;
      if (trialId === undefined) throw unauthorized();
      const row = await registerTrialCluster(db, trialId, request.body);
      return reply.code(row.created ? 201 : 200).send({
        created: row.created,
        cluster: {
          deployment_id: row.deploymentId,
          name: row.name,
          registered_at: row.registeredAt.toISOString(),
          last_seen_at: row.lastSeenAt?.toISOString() ?? null,
        },
      });
    },
  );
}
