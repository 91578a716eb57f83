/**
 * The licences module (issue 13): the public key set, licences and trial licences under
 * /api/auth, trial cluster registration under /api, and the re-signing job. The first licence
 * key is created once the server listens (not while building the app: the app must start, and
 * answer its probes, with the database down); the key set and signing create it too if missing.
 */
import type { FastifyInstance } from "fastify";
import { ensureLicenceKeyOnStart } from "../../platform/licence-keys";
import { licenceKeyRoutes, licenceRoutes, trialClusterRoutes } from "./licences.routes";
import { registerLicenceJobs } from "./licences.service";

export async function licencesModule(app: FastifyInstance) {
  app.addHook("onListen", async () => {
    await ensureLicenceKeyOnStart(app.ctx.db).catch((err) =>
      app.log.warn({ err }, "the first licence key could not be created yet"),
    );
  });
  registerLicenceJobs(app.ctx.jobs);
  await app.register(licenceKeyRoutes);
  await app.register(licenceRoutes, { prefix: "/api/auth" });
  await app.register(trialClusterRoutes, { prefix: "/api" });
}
