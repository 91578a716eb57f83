import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, parseTrustProxy } from "./config";

const SECRET_32 = "s".repeat(32);

/** The message loadConfig throws, or "" when it does not throw. */
function failure(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
    return "";
  } catch (err) {
    return (err as Error).message;
  }
}

describe("loadConfig defaults", () => {
  it("uses the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      publicUrl: "http://localhost:8080",
      deployEnv: "development",
      logLevel: "info",
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "Portico <no-reply@portico.example>",
      jwtSecret: undefined,
      accessTokenMinutes: 15,
      sentryDsn: undefined,
      seedDemo: true,
      bootstrapAdmin: undefined,
      webDist: undefined,
      devMailbox: true,
      trustProxy: false,
      files: {
        directory: path.resolve("./data/files"),
        s3: undefined,
        clamd: undefined,
        quotaBytes: 50 * 1024 ** 3,
        maxBytes: 10 * 1024 ** 3,
        scanMaxBytes: 10 * 1024 ** 3,
        uploadExpiryMs: 24 * 3600 * 1000,
      },
      twilio: undefined,
      llm: { baseUrl: undefined, apiKey: undefined, model: "gpt-4o-mini", timeoutMs: 20_000 },
      billing: {
        testMode: true,
        defaultProvider: "STRIPE",
        testDelayMs: 1500,
        contactSalesUrl: undefined,
        stripe: undefined,
        chargebee: undefined,
      },
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it("bills through test mode in development only unless told, and never in production", () => {
    const smtp = { SMTP_URL: "smtp://mail.example:25" };
    expect(loadConfig({ ...smtp, DEPLOY_ENV: "staging" }).billing.testMode).toBe(false);
    expect(loadConfig({ ...smtp, DEPLOY_ENV: "staging", BILLING_TEST_MODE: "true" }).billing.testMode).toBe(
      true,
    );
    expect(loadConfig({ BILLING_TEST_MODE: "false" }).billing.testMode).toBe(false);
    expect(failure({ ...smtp, DEPLOY_ENV: "production", BILLING_TEST_MODE: "true" })).toContain(
      "BILLING_TEST_MODE: test-mode payments grant plans without money and are refused in production",
    );
    expect(failure({ CONTACT_SALES_URL: "mailto:sales@example.com" })).toContain(
      "CONTACT_SALES_URL must be an http(s) URL",
    );
  });

  it("takes Stripe and Chargebee only with all of their settings", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    };
    expect(loadConfig(stripe).billing.stripe).toEqual({
      secretKey: "sk_test_abc",
      publishableKey: "pk_test_abc",
      webhookSecret: "whsec_abc",
      apiUrl: undefined,
    });
    expect(failure({ ...stripe, STRIPE_WEBHOOK_SECRET: undefined })).toContain(
      "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three",
    );
    expect(failure({ ...stripe, STRIPE_SECRET_KEY: "pk_test_abc" })).toContain(
      "STRIPE_SECRET_KEY must be a Stripe secret or restricted key",
    );
    const chargebee = {
      CHARGEBEE_SITE: "acme-test",
      CHARGEBEE_API_KEY: "test_key",
      CHARGEBEE_WEBHOOK_USERNAME: "portico",
      CHARGEBEE_WEBHOOK_PASSWORD: "hook-pass",
    };
    expect(loadConfig(chargebee).billing.chargebee).toMatchObject({ site: "acme-test", apiKey: "test_key" });
    expect(failure({ ...chargebee, CHARGEBEE_WEBHOOK_PASSWORD: undefined })).toContain(
      "CHARGEBEE_SITE, CHARGEBEE_API_KEY, CHARGEBEE_WEBHOOK_USERNAME, CHARGEBEE_WEBHOOK_PASSWORD: set all four",
    );
    expect(failure({ ...chargebee, CHARGEBEE_SITE: "https://acme.chargebee.com" })).toContain(
      "CHARGEBEE_SITE must be the site name",
    );
  });

  it("sends SMS through Twilio only with all three TWILIO variables, and refuses some of them", () => {
    const sid = `AC${"0a".repeat(16)}`;
    const twilio = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" };
    expect(loadConfig(twilio).twilio).toEqual({ accountSid: sid, authToken: "token", from: "+15005550006" });
    expect(failure({ TWILIO_ACCOUNT_SID: sid, TWILIO_FROM: "+15005550006" })).toContain(
      "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three",
    );
    expect(failure({ ...twilio, TWILIO_ACCOUNT_SID: `SK${"0a".repeat(16)}` })).toContain(
      "TWILIO_ACCOUNT_SID must be the account SID",
    );
  });

  it("reads the summaries' model settings and refuses a base URL that is not http(s)", () => {
    const llm = loadConfig({
      LLM_BASE_URL: "http://127.0.0.1:11434/v1",
      LLM_MODEL: "llama3",
      LLM_TIMEOUT_MS: "5000",
    });
    expect(llm.llm).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
      model: "llama3",
      timeoutMs: 5000,
    });
    expect(failure({ LLM_BASE_URL: "ftp://models" })).toContain("LLM_BASE_URL must be an http(s) URL");
    expect(failure({ LLM_TIMEOUT_MS: "0" })).toContain("LLM_TIMEOUT_MS");
  });

  it("stores files in S3 only with all four S3 variables, and refuses some of them", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "files",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    };
    expect(loadConfig(s3).files.s3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      bucket: "files",
      accessKeyId: "k",
      secretAccessKey: "s",
      region: "us-east-1",
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: "files" })).toThrow(/set all four to store files in S3/);
    expect(loadConfig({ CLAMD_HOST: "clamd" }).files.clamd).toEqual({ host: "clamd", port: 3310 });
  });

  it("does not read process.env when given an environment", () => {
    const saved = process.env.PORT;
    process.env.PORT = "9999";
    try {
      expect(loadConfig({}).port).toBe(8080);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it("resolves DATA_DIR to an absolute path", () => {
    expect(loadConfig({ DATA_DIR: "var/portico" }).dataDir).toBe(path.resolve("var/portico"));
    expect(loadConfig({ DATA_DIR: "/srv/portico" }).dataDir).toBe("/srv/portico");
  });

  it("derives PUBLIC_URL from the port and drops a trailing slash", () => {
    expect(loadConfig({ PORT: "3000" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PUBLIC_URL: "https://portal.example.com/" }).publicUrl).toBe(
      "https://portal.example.com",
    );
  });

  it("treats blank values as unset", () => {
    const config = loadConfig({ SMTP_URL: "   ", DATABASE_URL: "", JWT_SECRET: "  " });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.seedDemo).toBe(true);
  });
});

const SMTP = { SMTP_URL: "smtp://mail.example.com:587" };

describe("seedDemo", () => {
  it.each([
    ["development, no DATABASE_URL", {}, true],
    ["development, DATABASE_URL set", { DATABASE_URL: "postgres://db/portico" }, false],
    [
      "development, DATABASE_URL with SEED_DEMO=true",
      { DATABASE_URL: "postgres://db/portico", SEED_DEMO: "true" },
      true,
    ],
    ["development, no DATABASE_URL with SEED_DEMO=false", { SEED_DEMO: "false" }, false],
    ["production on the embedded database", { DEPLOY_ENV: "production", ...SMTP }, false],
    ["staging on the embedded database", { DEPLOY_ENV: "staging", ...SMTP }, false],
  ])("%s → %s", (_label, env, expected) => {
    expect(loadConfig(env).seedDemo).toBe(expected);
  });

  it("refuses a SEED_DEMO other than true/false", () => {
    expect(failure({ SEED_DEMO: "yes" })).toContain("SEED_DEMO");
  });

  it.each(["production", "staging"])("refuses SEED_DEMO=true with DEPLOY_ENV=%s", (env) => {
    expect(failure({ DEPLOY_ENV: env, SEED_DEMO: "true", ...SMTP })).toMatch(
      /SEED_DEMO: demo users .* only with DEPLOY_ENV=development/,
    );
  });
});

describe("devMailbox", () => {
  it.each([
    ["development without SMTP_URL", {}, true],
    ["development with SMTP_URL", SMTP, false],
    ["staging with SMTP_URL", { DEPLOY_ENV: "staging", ...SMTP }, false],
    ["production with SMTP_URL", { DEPLOY_ENV: "production", ...SMTP }, false],
  ])("%s → %s", (_label, env, expected) => {
    expect(loadConfig(env).devMailbox).toBe(expected);
  });

  it.each(["staging", "production"])("DEPLOY_ENV=%s without SMTP_URL refuses to start", (env) => {
    expect(failure({ DEPLOY_ENV: env })).toMatch(/SMTP_URL: required when DEPLOY_ENV is/);
  });
});

describe("HOST", () => {
  it.each([
    ["development listens on loopback", {}, "127.0.0.1"],
    ["production listens everywhere", { DEPLOY_ENV: "production", ...SMTP }, "0.0.0.0"],
    ["HOST overrides", { HOST: "0.0.0.0" }, "0.0.0.0"],
  ])("%s", (_label, env, expected) => {
    expect(loadConfig(env).host).toBe(expected);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, 192.168.1.1", ["10.0.0.0/8", "192.168.1.1"]],
  ])("%s → %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe("invalid configuration", () => {
  it("refuses a JWT_SECRET shorter than 32 characters", () => {
    const message = failure({ JWT_SECRET: SECRET_32.slice(1) });
    expect(message).toContain("Invalid configuration");
    expect(message).toContain("JWT_SECRET: JWT_SECRET must be at least 32 characters");
  });

  it("accepts a JWT_SECRET of exactly 32 characters", () => {
    expect(loadConfig({ JWT_SECRET: SECRET_32 }).jwtSecret).toBe(SECRET_32);
  });

  it.each(["abc", "70000", "-1", "80.5"])("refuses PORT=%s", (port) => {
    const message = failure({ PORT: port });
    expect(message).toContain("Invalid configuration");
    expect(message).toMatch(/^\s+PORT: /m);
  });

  it("accepts PORT at its bounds", () => {
    expect(loadConfig({ PORT: "0" }).port).toBe(0);
    expect(loadConfig({ PORT: "65535" }).port).toBe(65535);
  });

  it("lists every problem at once", () => {
    const message = failure({
      PORT: "not-a-port",
      JWT_SECRET: "short",
      DEPLOY_ENV: "qa",
      ACCESS_TOKEN_MINUTES: "0",
    });
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toContain("JWT_SECRET must be at least 32 characters");
    expect(message).toMatch(/^\s+DEPLOY_ENV: /m);
    expect(message).toMatch(/^\s+ACCESS_TOKEN_MINUTES: /m);
  });

  it.each([
    ["DEPLOY_ENV", { DEPLOY_ENV: "prod" }],
    ["LOG_LEVEL", { LOG_LEVEL: "verbose" }],
    ["ACCESS_TOKEN_MINUTES", { ACCESS_TOKEN_MINUTES: "61" }],
  ])("refuses an invalid %s", (name, env) => {
    expect(failure(env)).toMatch(new RegExp(`^\\s+${name}: `, "m"));
  });
});

describe("bootstrap admin", () => {
  it("is set only when both ADMIN_EMAIL and ADMIN_PASSWORD are given", () => {
    expect(loadConfig({ ADMIN_EMAIL: "root@example.com" }).bootstrapAdmin).toBeUndefined();
    expect(loadConfig({ ADMIN_PASSWORD: "Root-pass-1!" }).bootstrapAdmin).toBeUndefined();
    expect(
      loadConfig({ ADMIN_EMAIL: "root@example.com", ADMIN_PASSWORD: "Root-pass-1!" }).bootstrapAdmin,
    ).toEqual({
      email: "root@example.com",
      password: "Root-pass-1!",
    });
  });
});
