import type { FastifyInstance } from "fastify";

/** Issue 16: set-admin, set-team, set-account-owner, disable, remove, MFA. */
export async function userActionRoutes(_app: FastifyInstance) {}
