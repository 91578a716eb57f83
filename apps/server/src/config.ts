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
  HOST: optionalString,
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
  TRUST_PROXY: optionalString,
});

/**
 * Which proxies' X-Forwarded-For to believe: nothing by default (the socket's address is the
 * client's), a hop count, or addresses and CIDR ranges (and proxy-addr's names such as loopback).
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Rules between variables, each with the message that tells how to fix it. */
function crossChecks(e: z.infer<typeof ZEnv>): string[] {
  const problems: string[] = [];
  if (e.DEPLOY_ENV !== "development" && !e.SMTP_URL) {
    problems.push(
      `SMTP_URL: required when DEPLOY_ENV is ${e.DEPLOY_ENV}: sign-in codes, invitations and resets must reach real inboxes (the development mailbox exists only with DEPLOY_ENV=development)`,
    );
  }
  if (e.DEPLOY_ENV !== "development" && e.SEED_DEMO === "true") {
    problems.push(
      `SEED_DEMO: demo users with published passwords exist only with DEPLOY_ENV=development; create the first admin with ADMIN_EMAIL and ADMIN_PASSWORD`,
    );
  }
  return problems;
}

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  const problems = parsed.success
    ? crossChecks(parsed.data)
    : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const e = parsed.data;
  const development = e.DEPLOY_ENV === "development";
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    /** Development listens on loopback only unless HOST says otherwise. */
    host: e.HOST ?? (development ? "127.0.0.1" : "0.0.0.0"),
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
    /**
     * Demo data only in development: on the embedded database unless turned off, on PostgreSQL
     * only when asked.
     */
    seedDemo: development && (e.SEED_DEMO ? e.SEED_DEMO === "true" : !e.DATABASE_URL),
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    webDist: e.WEB_DIST,
    /** The development mailbox (loopback callers only) and mail echoed to the log: development without SMTP. */
    devMailbox: development && !e.SMTP_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
