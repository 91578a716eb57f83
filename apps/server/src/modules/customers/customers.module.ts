/**
 * The vendor's console (issue 16), under /api/auth (spec §7.1): account actions and their audit
 * (account-actions), user actions (user-actions), time logs, engineers' roles, following, use
 * cases and the account's alerts (account-work). The customer list and page (GET accountsinfo,
 * accountsinfo/export, accountsinfo/:id) are the accounts module's routes.
 */
import type { FastifyInstance } from "fastify";
import { accountActionRoutes } from "./account-actions.routes";
import { accountWorkRoutes } from "./account-work.routes";
import { userActionRoutes } from "./user-actions.routes";

export async function customersModule(app: FastifyInstance) {
  await app.register(accountActionRoutes, { prefix: "/api/auth" });
  await app.register(userActionRoutes, { prefix: "/api/auth" });
  await app.register(accountWorkRoutes, { prefix: "/api/auth" });
}
