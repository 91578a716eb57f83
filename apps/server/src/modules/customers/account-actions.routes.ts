import type { FastifyInstance } from "fastify";

/** Issue 16: org details, disable/enable, delete, history. */
export async function accountActionRoutes(_app: FastifyInstance) {}
