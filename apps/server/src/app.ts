/** buildApp(): the whole API as a Fastify instance; main.ts listens, tests call it with inject. */
import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type Redis from "ioredis";
import type { Config } from "./config";
import { accountRoutes } from "./modules/accounts/accounts.routes";
import { activityRoutes } from "./modules/activity/activity.routes";
import { alertRoutes } from "./modules/alerts/alerts.routes";
import { registerAuthJobs } from "./modules/auth/auth.jobs";
import { authRoutes } from "./modules/auth/auth.routes";
import { billingModule } from "./modules/billing/billing.module";
import { clustersModule } from "./modules/clusters/clusters.module";
import { categoryRoutes } from "./modules/conversations/categories.routes";
import { conversationRoutes } from "./modules/conversations/conversations.routes";
import { customersModule } from "./modules/customers/customers.module";
import { devMailboxRoutes } from "./modules/dev-mailbox/dev-mailbox.routes";
import { feedbackRoutes } from "./modules/feedback/feedback.routes";
import { filesModule } from "./modules/files/files.module";
import { licencesModule } from "./modules/licences/licences.module";
import { machineAuthModule } from "./modules/machine-auth/machine-auth.module";
import { noticeRoutes } from "./modules/notices/notices.routes";
import { operationsRoutes } from "./modules/operations/operations.routes";
import { probeRoutes } from "./modules/operations/probes.routes";
import { phoneRoutes } from "./modules/phone/phone.routes";
import { TwilioSms } from "./modules/phone/twilio-sms";
import { planningRoutes } from "./modules/planning/planning.routes";
import { profileRoutes } from "./modules/profile/profile.routes";
import { purgeRoutes } from "./modules/purge/purge.routes";
import { accountReportRoutes, issueReportRoutes } from "./modules/reports/reports.routes";
import { slaModule } from "./modules/sla/sla-breach";
import { summaryRoutes } from "./modules/summaries/summaries.routes";
import { systemAlertRoutes } from "./modules/system-alerts/system-alerts.routes";
import { userRoutes } from "./modules/users/users.routes";
import { JwtSigner } from "./platform/auth/jwt";
import type { AppContext } from "./platform/context";
import type { Db } from "./platform/db/client";
import { answerFrameworkError, registerErrorHandler } from "./platform/errors";
import { JobQueue } from "./platform/jobs/queue";
import { Mailer } from "./platform/mail/mailer";
import { MaintenanceState } from "./platform/maintenance";
import { RateLimits } from "./platform/rate-limit";
import { Realtime } from "./platform/realtime/realtime";
import { registerRequestGuard } from "./platform/request-guard";
import { refusingNul } from "./platform/request-validation";
import { createSecurityHeaders, registerSecurityHeaders } from "./platform/security-headers";
import { loadSigningKey } from "./platform/signing-key";
import { createStorage } from "./platform/storage";
import { registerWebApp } from "./platform/web-app";

export interface BuildOptions {
  config: Config;
  db: Db;
  redis?: Redis;
  logger?: FastifyServerOptions["logger"];
}

/**
 * Fastify no longer honours a bare hop count (it cannot tell a proxy from a direct client), so a
 * count becomes the rule it stands for: believe that many hops, counted from the socket. Only
 * right when every request comes through those proxies; addresses or CIDR ranges are safer.
 */
function trustProxyOption(setting: Config["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp({ config, db, redis, logger }: BuildOptions) {
  const securityHeaders = createSecurityHeaders({
    publicUrl: config.publicUrl,
    sentryDsn: config.sentryDsn,
    stripe: config.billing.stripe !== undefined,
  });
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: "x-request-id",
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError(securityHeaders.app),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(refusingNul(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First onRequest hook: every answer, a 401 or 503 of a later hook included, gets the headers.
  registerSecurityHeaders(app, securityHeaders);

  const secret = await loadSigningKey(db, config.jwtSecret);
  const mailer = new Mailer(db, app.log, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    echoToLog: config.devMailbox,
    sms: config.twilio ? new TwilioSms(config.twilio) : undefined,
  });
  const ctx: AppContext = {
    config,
    db,
    jwt: new JwtSigner(secret, config.accessTokenMinutes),
    mailer,
    jobs: new JobQueue(db, app.log, mailer.kick),
    limits: new RateLimits(redis),
    maintenance: new MaintenanceState(db),
    realtime: await Realtime.create({ db, redis, log: app.log }),
    storage: createStorage(config.files),
  };
  registerAuthJobs(ctx);
  app.decorate("ctx", ctx);
  app.decorateRequest("viewer", null);
  registerRequestGuard(app);
  app.addHook("onClose", async () => {
    await ctx.jobs.stop();
    await ctx.realtime.close();
    await mailer.stop();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Portico API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await app.register(probeRoutes, { redis });
  await app.register(authRoutes, { prefix: "/api/auth" });
  await app.register(accountRoutes, { prefix: "/api/auth" });
  await app.register(machineAuthModule, { prefix: "/api/auth" });
  await app.register(profileRoutes, { prefix: "/api/chat" });
  await app.register(conversationRoutes, { prefix: "/api/chat" });
  await app.register(slaModule);
  await app.register(planningRoutes, { prefix: "/api/chat" });
  await app.register(phoneRoutes, { prefix: "/api/chat" });
  await app.register(summaryRoutes, { prefix: "/api/chat" });
  await app.register(activityRoutes, { prefix: "/api/chat" });
  await app.register(alertRoutes, { prefix: "/api" });
  await app.register(operationsRoutes, { prefix: "/api" });
  await app.register(categoryRoutes, { prefix: "/api" });
  await app.register(filesModule);
  await app.register(clustersModule, { prefix: "/api" });
  await app.register(licencesModule);
  await app.register(billingModule);
  await app.register(customersModule);
  await app.register(purgeRoutes, { prefix: "/api/auth" });
  await app.register(feedbackRoutes, { prefix: "/api/auth" });
  await app.register(noticeRoutes, { prefix: "/api/auth" });
  await app.register(systemAlertRoutes, { prefix: "/api/auth" });
  await app.register(userRoutes, { prefix: "/api/auth" });
  await app.register(accountReportRoutes, { prefix: "/api/auth" });
  await app.register(issueReportRoutes, { prefix: "/api/chat" });
  if (config.devMailbox) await app.register(devMailboxRoutes);
  await registerWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
