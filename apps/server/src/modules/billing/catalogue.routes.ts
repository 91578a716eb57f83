/** Placeholder until its owner lands it (issue 14). */
import type { FastifyInstance } from "fastify";

export async function catalogueRoutes(_app: FastifyInstance) {}
