/** Machine credentials under /api/auth (issue 13): API tokens and the registration key. */
import type { FastifyInstance } from "fastify";
import { apiTokenRoutes } from "./api-tokens.routes";
import { registrationKeyRoutes } from "./registration-key.routes";

export async function machineAuthModule(app: FastifyInstance) {
  await app.register(apiTokenRoutes);
  await app.register(registrationKeyRoutes);
}
