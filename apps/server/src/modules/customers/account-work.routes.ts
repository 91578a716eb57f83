import type { FastifyInstance } from "fastify";

/** Issue 16: time logs, engineers' roles, following, use cases, the account's alerts. */
export async function accountWorkRoutes(_app: FastifyInstance) {}
