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
  /** Storage of uploaded files: an S3 bucket when the four S3_* below are set, else DATA_DIR/files. */
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
  /** The ClamAV daemon (TCP); without it a built-in scanner checks size, EICAR and archives. */
  CLAMD_HOST: optionalString,
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** Bytes one account may hold, finished and unfinished uploads together. */
  FILES_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 ** 3),
  /** Bytes of one file (an inspect bundle can be 5 GiB). */
  FILES_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 ** 3),
  /** Files larger than this are not scanned: SIZE_TOO_BIG, never downloadable. */
  FILES_SCAN_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 ** 3),
  /** Hours an unfinished upload is kept before it is deleted. */
  FILES_UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(0.0001)
    .max(24 * 30)
    .default(24),
  /** SMS through Twilio: all three, or none to keep text messages in the outbox (development mailbox). */
  TWILIO_ACCOUNT_SID: optionalString.refine(
    (v) => v === undefined || /^AC[0-9a-fA-F]{32}$/.test(v),
    "TWILIO_ACCOUNT_SID must be the account SID (AC followed by 32 hexadecimal digits)",
  ),
  TWILIO_AUTH_TOKEN: optionalString,
  /** The sender: a Twilio phone number (E.164) or a messaging service SID (MG…). */
  TWILIO_FROM: optionalString,
  /** An OpenAI-compatible chat-completions endpoint for issue summaries; else the built-in summarizer. */
  LLM_BASE_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    "LLM_BASE_URL must be an http(s) URL",
  ),
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
  /** Billing: the local test-mode provider (no money moves) for providers without keys. */
  BILLING_TEST_MODE: z.enum(["true", "false"]).optional(),
  /** The provider of an account's first subscription. */
  BILLING_DEFAULT_PROVIDER: z.enum(["STRIPE", "CHARGEBEE"]).default("STRIPE"),
  /** How late the test-mode provider delivers its events (each is delivered twice). */
  BILLING_TEST_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_500),
  /** Stripe (issue 15): all three, or none. */
  STRIPE_SECRET_KEY: optionalString.refine(
    (v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v),
    "STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)",
  ),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine(
    (v) => v === undefined || /^pk_(test|live)_\w+$/.test(v),
    "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)",
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.refine(
    (v) => v === undefined || /^whsec_\w+$/.test(v),
    "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)",
  ),
  /** Another address for Stripe's API (a local stand-in in tests); Stripe's own by default. */
  STRIPE_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    "STRIPE_API_URL must be an http(s) URL",
  ),
  /** Chargebee (issue 15): site and API key, and the webhook's basic-auth credentials; all four, or none. */
  CHARGEBEE_SITE: optionalString.refine(
    (v) => v === undefined || /^[a-z0-9][a-z0-9-]*$/.test(v),
    "CHARGEBEE_SITE must be the site name (acme-test for acme-test.chargebee.com)",
  ),
  CHARGEBEE_API_KEY: optionalString,
  CHARGEBEE_WEBHOOK_USERNAME: optionalString,
  CHARGEBEE_WEBHOOK_PASSWORD: optionalString,
  /** Another address for Chargebee's API (a local stand-in in tests); the site's own by default. */
  CHARGEBEE_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    "CHARGEBEE_API_URL must be an http(s) URL",
  ),
  /** Contact-sales requests are also posted here (form-encoded) when set. */
  CONTACT_SALES_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    "CONTACT_SALES_URL must be an http(s) URL",
  ),
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
  const s3 = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    problems.push(
      "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set all four to store files in S3, or none to store them in DATA_DIR/files",
    );
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    problems.push(
      "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to send text messages through Twilio, or none to keep them in the outbox (the development mailbox shows them)",
    );
  }
  if (e.DEPLOY_ENV !== "development" && e.SEED_DEMO === "true") {
    problems.push(
      `SEED_DEMO: demo users with published passwords exist only with DEPLOY_ENV=development; create the first admin with ADMIN_EMAIL and ADMIN_PASSWORD`,
    );
  }
  const stripe = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    problems.push(
      "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three to take payments through Stripe (the webhook secret verifies /api/billing/webhooks/stripe), or none",
    );
  }
  const chargebee = [
    e.CHARGEBEE_SITE,
    e.CHARGEBEE_API_KEY,
    e.CHARGEBEE_WEBHOOK_USERNAME,
    e.CHARGEBEE_WEBHOOK_PASSWORD,
  ];
  if (chargebee.some(Boolean) && !chargebee.every(Boolean)) {
    problems.push(
      "CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME, CHARGEBEE_WEBHOOK_PASSWORD: set all four to take payments through Chargebee (the credentials guard /api/billing/webhooks/chargebee), or none",
    );
  }
  if (e.DEPLOY_ENV === "production" && e.BILLING_TEST_MODE === "true") {
    problems.push(
      "BILLING_TEST_MODE: test-mode payments grant plans without money and are refused in production; configure Stripe or Chargebee (README)",
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
    files: {
      directory: path.join(dataDir, "files"),
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              region: e.S3_REGION,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
            }
          : undefined,
      clamd: e.CLAMD_HOST ? { host: e.CLAMD_HOST, port: e.CLAMD_PORT } : undefined,
      quotaBytes: e.FILES_QUOTA_BYTES,
      maxBytes: e.FILES_MAX_BYTES,
      scanMaxBytes: e.FILES_SCAN_MAX_BYTES,
      uploadExpiryMs: Math.round(e.FILES_UPLOAD_EXPIRY_HOURS * 3600 * 1000),
    },
    /** Twilio credentials for text messages, or undefined: SMS stay in the outbox. */
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    /** The summaries' model: an OpenAI-compatible endpoint when LLM_BASE_URL is set. */
    llm: {
      baseUrl: e.LLM_BASE_URL,
      apiKey: e.LLM_API_KEY,
      model: e.LLM_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
    },
    billing: {
      /** Test mode: on in development unless turned off, off elsewhere unless turned on (never in production). */
      testMode: e.BILLING_TEST_MODE ? e.BILLING_TEST_MODE === "true" : development,
      defaultProvider: e.BILLING_DEFAULT_PROVIDER,
      testDelayMs: e.BILLING_TEST_DELAY_MS,
      contactSalesUrl: e.CONTACT_SALES_URL,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : undefined,
      chargebee:
        e.CHARGEBEE_SITE &&
        e.CHARGEBEE_API_KEY &&
        e.CHARGEBEE_WEBHOOK_USERNAME &&
        e.CHARGEBEE_WEBHOOK_PASSWORD
          ? {
              site: e.CHARGEBEE_SITE,
              apiKey: e.CHARGEBEE_API_KEY,
              webhookUsername: e.CHARGEBEE_WEBHOOK_USERNAME,
              webhookPassword: e.CHARGEBEE_WEBHOOK_PASSWORD,
              apiUrl: e.CHARGEBEE_API_URL,
            }
          : undefined,
    },
  };
}
