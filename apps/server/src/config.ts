/** The one reader of process.env: parsed once, fails fast with every problem listed. */
import path from "node:path";
import { DEPLOY_ENVS } from "@portico/shared/schemas/operations";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: optionalString,
  DEPLOY_ENV: z.enum(DEPLOY_ENVS).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Portico <no-reply@portico.example>"),
  JWT_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    "JWT_SECRET must be at least 32 characters",
  ),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  SENTRY_DSN: optionalString,
  SEED_DEMO: z.enum(["true", "false"]).optional(),
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  WEB_DIST: optionalString,
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    deployEnv: e.DEPLOY_ENV,
    logLevel: e.LOG_LEVEL,
    /** PostgreSQL when set, otherwise PGlite in `${dataDir}/db`. */
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    sentryDsn: e.SENTRY_DSN,
    /** Demo data is seeded on the embedded database unless turned off, never on PostgreSQL unless asked. */
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !e.DATABASE_URL,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    webDist: e.WEB_DIST,
    /** The development mailbox shows sent mail; never in production, never when real SMTP is used. */
    devMailbox: !e.SMTP_URL && e.DEPLOY_ENV !== "production",
  };
}
