import { ZDeployEnv, ZMaintenanceEnable, ZMaintenanceStatus } from "@portico/shared/schemas/operations";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { assertEngineer } from "../accounts/accounts.policy";

const tags = ["operations"];

export async function operationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

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

  app.post(
    "/maintenance/enable",
    {
      schema: { tags, body: ZMaintenanceEnable, response: { 200: ZMaintenanceStatus } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const until = new Date(Date.now() + request.body.duration * 60_000);
      await ctx.maintenance.set(true, viewer.userId, request.body.message, until);
      request.log.info({ until }, "maintenance enabled");
      return { status: "MAINTENANCE" as const, message: request.body.message, until: until.toISOString() };
    },
  );

  app.post(
    "/maintenance/disable",
    { schema: { tags, response: { 200: ZMaintenanceStatus } } },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      await ctx.maintenance.set(false, viewer.userId);
      request.log.info("maintenance disabled");
      return { status: "OK" as const, message: null, until: null };
    },
  );
}
