import {
  ZDeployEnv,
  ZMaintenanceDetails,
  ZMaintenanceEnable,
  ZMaintenanceStatus,
} from "@portico/shared/schemas/operations";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { assertEngineer } from "../accounts/accounts.policy";
import {
  disableMaintenance,
  enableMaintenance,
  maintenanceDetails,
  registerMaintenanceJobs,
} from "./maintenance.service";

const tags = ["operations"];

export async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerMaintenanceJobs(ctx);

  /** Public: the web app decides from it whether to start error reporting. */
  const open = { public: true, maintenance: "open" } as const;

  app.get(
    "/auth/deploy_env",
    { config: open, schema: { tags, response: { 200: ZDeployEnv } } },
    async () => ({
      env: ctx.config.deployEnv,
      sentry_dsn: ctx.config.sentryDsn ?? null,
    }),
  );

  app.get(
    "/maintenance/status",
    { config: open, schema: { tags, response: { 200: ZMaintenanceStatus } } },
    async (_request, reply) => {
      const state = await ctx.maintenance.current();
      reply.header("cache-control", "no-store");
      return {
        status: state.enabled ? ("MAINTENANCE" as const) : ("OK" as const),
        message: state.enabled ? state.message : null,
        until: state.enabled ? (state.until?.toISOString() ?? null) : null,
      };
    },
  );

  /** Engineers: the window now on (who, since when, until when) and the last 20 windows. */
  app.get(
    "/maintenance/details",
    { config: { maintenance: "open" }, schema: { tags, response: { 200: ZMaintenanceDetails } } },
    async (request, reply) => {
      assertEngineer(requireViewer(request));
      reply.header("cache-control", "no-store");
      return maintenanceDetails(ctx);
    },
  );

  app.post(
    "/maintenance/enable",
    {
      schema: { tags, body: ZMaintenanceEnable, response: { 200: ZMaintenanceStatus } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const status = await enableMaintenance(ctx, viewer, request.body);
      request.log.info({ until: status.until }, "maintenance enabled");
      return status;
    },
  );

  app.post(
    "/maintenance/disable",
    { schema: { tags, response: { 200: ZMaintenanceStatus } } },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const status = await disableMaintenance(ctx, viewer);
      request.log.info("maintenance disabled");
      return status;
    },
  );
}
