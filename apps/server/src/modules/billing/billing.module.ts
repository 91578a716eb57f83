/**
 * The billing module (issue 14): the catalogue and estimates, contact sales, the subscription life
 * cycle under /api/auth/subscription, and the test-mode provider's own calls under
 * /api/billing/test-mode, and the providers' webhooks under /api/billing/webhooks. `createBilling` builds the provider registry once per app.
 */
import { SUBSCRIPTION_BASE, TEST_MODE_BASE, WEBHOOKS_BASE } from "@portico/shared/schemas/billing";
import type { FastifyInstance } from "fastify";
import { createBilling } from "./billing";
import { catalogueRoutes } from "./catalogue.routes";
import { ensureReconcileScheduled } from "./reconcile";
import { salesRoutes } from "./sales.routes";
import { subscriptionRoutes } from "./subscription.routes";
import { testModeRoutes } from "./test-mode.routes";
import { webhookRoutes } from "./webhooks.routes";

export async function billingModule(app: FastifyInstance) {
  const billing = createBilling(app.ctx);
  // As the clusters' sweep: with the database down at start, the hourly run is planned next start.
  app.addHook("onReady", async () => {
    await ensureReconcileScheduled(app.ctx).catch((err) =>
      app.log.warn({ err }, "the billing reconciliation could not be scheduled yet"),
    );
  });
  await app.register(catalogueRoutes, { prefix: SUBSCRIPTION_BASE });
  await app.register(salesRoutes, { prefix: SUBSCRIPTION_BASE });
  await app.register(subscriptionRoutes, { prefix: SUBSCRIPTION_BASE, billing });
  await app.register(testModeRoutes, { prefix: TEST_MODE_BASE, billing });
  await app.register(webhookRoutes, { prefix: WEBHOOKS_BASE, billing });
}
