/** Placeholder until its owner lands it (issue 14). */
import type { FastifyInstance } from "fastify";
import type { Billing } from "./billing";

export async function subscriptionRoutes(_app: FastifyInstance, _opts: { billing: Billing }) {}
