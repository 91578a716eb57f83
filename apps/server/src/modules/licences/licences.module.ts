/**
 * The licences module (issue 13): the public key set, licences and trial licences under
 * /api/auth, trial cluster registration under /api, and the re-signing job. The first licence
 * key is created here at start if the database has none.
 */
import type { FastifyInstance } from "fastify";
import { ensureLicenceKeyOnStart } from "../../platform/licence-keys";
import { licenceKeyRoutes, licenceRoutes, trialClusterRoutes } from "./licences.routes";
import { registerLicenceJobs } from "./licences.service";

export async function licencesModule(app: FastifyInstance) {
  await ensureLicenceKeyOnStart(app.ctx.db);
  registerLicenceJobs(app.ctx.jobs);
  await app.register(licenceKeyRoutes);
  await app.register(licenceRoutes, { prefix: "/api/auth" });
  await app.register(trialClusterRoutes, { prefix: "/api" });
}
