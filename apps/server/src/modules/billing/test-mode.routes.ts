/** Placeholder until its owner lands it (issue 14). */
import type { FastifyInstance } from "fastify";
import type { Billing } from "./billing";

export async function testModeRoutes(_app: FastifyInstance, _opts: { billing: Billing }) {}
