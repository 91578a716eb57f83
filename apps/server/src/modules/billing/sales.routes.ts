/** Placeholder until its owner lands it (issue 14). */
import type { FastifyInstance } from "fastify";

export async function salesRoutes(_app: FastifyInstance) {}
